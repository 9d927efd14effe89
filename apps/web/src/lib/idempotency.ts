import { useRef } from 'react';

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * An Idempotency-Key per submission: sending the same body again (a retry after a failure) reuses the key,
 * so the server stores the entry once; a changed body, or a submission after a success, gets a new one.
 */
export function useIdempotencyKey() {
  const current = useRef<{ key: string; body: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (current.current?.body !== text) current.current = { key: randomUuid(), body: text };
      return current.current.key;
    },
    /** After a success: the next submission is a new one. */
    reset() {
      current.current = null;
    },
  };
}

/**
 * A Web Push message as the server sends it: JSON `{ title, body, url, tag? }`. The service worker shows it
 * as a notification and opens `url` on a click; `url` is a path of this app (an address elsewhere is
 * replaced by the home page), and a later message with the same `tag` replaces the earlier notification.
 */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

export function parsePushMessage(text: string | null): PushMessage | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { title, body, url, tag } = value as Record<string, unknown>;
  if (typeof title !== 'string' || title.trim() === '') return null;
  return {
    title,
    body: typeof body === 'string' ? body : '',
    url: typeof url === 'string' && isAppPath(url) ? url : '/',
    ...(typeof tag === 'string' && tag !== '' ? { tag } : {}),
  };
}

/** A path on this origin: starts with one slash (never `//host` or a backslash trick). */
function isAppPath(url: string): boolean {
  return /^\/(?![/\\])/.test(url);
}

/** Reading CFBD's JSON answers, both the v1 (snake_case, 2024 files) and v2 (camelCase, 2025-) shapes. */

export type Json = Record<string, unknown>;

/** Reads a field by its v2 (camelCase) name or its v1 (snake_case) name: CFBD renamed them in 2025. */
export function field(object: Json, v2: string, v1: string): unknown {
  return v2 in object ? object[v2] : object[v1];
}

/** A finite number, given as a number or a numeric string; null for anything else. */
export const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : null;

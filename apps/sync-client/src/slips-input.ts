import { createHash } from 'node:crypto';
import { SyncSlip } from '@pass/contracts';
import { z } from 'zod';

/**
 * Bet slips given as JSON (on stdin, or in a .json file for a dry run): a JSON array of slips, an object
 * `{ "slips": [...] }`, or one slip per line (JSON Lines). Each slip is checked against the contract before
 * anything is sent, so one bad slip is reported by its position and never costs its batch.
 */

export class SlipsInputError extends Error {}

export interface SlipProblem {
  /** The slip's position in the input, from 1. */
  slip: number;
  reason: string;
}

export interface ParsedSlips {
  slips: SyncSlip[];
  problems: SlipProblem[];
}

export interface SlipBatch {
  /** The SHA-256 (hex) of the batch as sent: the same slips give the same key on every run. */
  batchKey: string;
  /** Its position among the batches, from 1. */
  number: number;
  slips: SyncSlip[];
}

const SlipsEnvelope = z.object({ slips: z.array(z.unknown()) });

export function parseSlipsText(text: string): ParsedSlips {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return { slips: [], problems: [] };
  return checkSlips(readSlipValues(trimmed));
}

function readSlipValues(text: string): unknown[] {
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    return readJsonLines(text);
  }
  if (Array.isArray(whole)) return whole;
  const envelope = SlipsEnvelope.safeParse(whole);
  if (envelope.success) return envelope.data.slips;
  // A single object is one slip, as one line of JSON Lines would be.
  if (whole !== null && typeof whole === 'object') return [whole];
  throw new SlipsInputError('The JSON is neither an array of slips, an object with "slips", nor a slip.');
}

function readJsonLines(text: string): unknown[] {
  return text
    .split(/\r?\n/)
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '')
    .map(({ line, number }) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        throw new SlipsInputError(
          `The input is not JSON: not an array, an object, or one slip per line (line ${number} is not JSON).`,
        );
      }
    });
}

function checkSlips(values: unknown[]): ParsedSlips {
  const slips: SyncSlip[] = [];
  const problems: SlipProblem[] = [];
  values.forEach((value, index) => {
    const parsed = SyncSlip.safeParse(value);
    if (parsed.success) {
      slips.push(parsed.data);
      return;
    }
    const reason = parsed.error.issues
      .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
      .join('; ');
    problems.push({ slip: index + 1, reason });
  });
  return { slips, problems };
}

export const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The slips cut into batches in their order; a batch's key is the hash of exactly what is sent. */
export function batchSlips(slips: SyncSlip[], size: number): SlipBatch[] {
  const batches: SlipBatch[] = [];
  for (let start = 0; start < slips.length; start += size) {
    const batch = slips.slice(start, start + size);
    batches.push({ batchKey: sha256(JSON.stringify(batch)), number: batches.length + 1, slips: batch });
  }
  return batches;
}

import { describe, expect, it } from 'vitest';
import { requestArrived, turnsGivingWay, waitingForBackground } from './event-loop.js';

/** Longer than any test runs: a turn given this wait that ends did not wait for the timeout. */
const FOREVER_MS = 3_600_000;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('background turns that give way to requests', () => {
  it('waits for the request being answered to end, then goes on', async () => {
    const seen: string[] = [];
    const turn = turnsGivingWay(0, FOREVER_MS);
    const answered = requestArrived();
    const turned = turn().then(() => seen.push('turn'));
    await nextTurn();
    await nextTurn();
    seen.push('answered');
    answered();
    await turned;
    expect(seen).toEqual(['answered', 'turn']);
    // Its end said twice counts once: with no request being answered, a turn goes on.
    answered();
    await turn();
  });

  it('goes on after its longest wait under a request that does not end', async () => {
    const answered = requestArrived();
    // Settles while the request is still being answered (it would wait for ever otherwise).
    await expect(turnsGivingWay(0, 5)()).resolves.toBeUndefined();
    answered();
  });

  it('does not wait for a request that is itself waiting for background work', async () => {
    const turn = turnsGivingWay(0, FOREVER_MS);
    const answered = requestArrived();
    let release!: () => void;
    const background = new Promise<string>((resolve) => (release = () => resolve('kept')));
    const waiting = waitingForBackground(background);
    await turn();
    release();
    expect(await waiting).toBe('kept');
    // Counted again once its wait is over: the next turn waits for its answer's end.
    const seen: string[] = [];
    const turned = turn().then(() => seen.push('turn'));
    await nextTurn();
    seen.push('answered');
    answered();
    await turned;
    expect(seen).toEqual(['answered', 'turn']);
  });
});

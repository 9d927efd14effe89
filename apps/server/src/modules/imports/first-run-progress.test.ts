import { DataStatusResponse } from '@pass/contracts';
import { describe, expect, it } from 'vitest';
import { FirstRunProgress } from './first-run-progress.js';

const clock = () => new Date('2026-11-21T15:00:00Z');
const plan = [
  { name: 'nflverse', label: 'NFL history (nflverse)', weight: 3 },
  { name: 'retrosheet', label: 'MLB history (Retrosheet)', weight: 1 },
];

describe('the first run progress', () => {
  it('weights each step, maps the importer phases onto the step and never goes back', () => {
    const progress = new FirstRunProgress(clock);
    progress.begin(plan);
    expect(progress.snapshot()).toMatchObject({ state: 'loading', progress: 0, current: null });

    progress.startStep('nflverse');
    progress.report('nflverse', { phase: 'parse', done: 1, total: 1 });
    expect(progress.snapshot().steps[0]).toMatchObject({ state: 'running', phase: 'reading', fraction: 0.1 });
    progress.report('nflverse', { phase: 'lines', done: 500, total: 1000 });
    const halfway = progress.snapshot();
    expect(halfway.current).toBe(0);
    expect(halfway.steps[0]).toMatchObject({ phase: 'lines', done: 500, total: 1000 });
    expect(halfway.steps[0]!.fraction).toBeCloseTo(0.65);
    expect(halfway.progress).toBeCloseTo((3 * 0.65) / 4);
    // A later report of an earlier phase does not move the bar back.
    progress.report('nflverse', { phase: 'events', done: 0, total: 10 });
    expect(progress.snapshot().steps[0]!.fraction).toBeCloseTo(0.65);
    // Unknown phases and steps are ignored.
    progress.report('nflverse', { phase: 'other', done: 1, total: 1 });
    progress.report('nope', { phase: 'lines', done: 1, total: 1 });
    expect(progress.snapshot().steps[0]!.fraction).toBeCloseTo(0.65);

    progress.finishStep('nflverse', 'done');
    expect(progress.snapshot().progress).toBeCloseTo(0.75);
    progress.startStep('retrosheet');
    // The second of two files, half its lines written.
    progress.report('retrosheet', { phase: 'lines', done: 1, total: 2 }, { index: 1, count: 2 });
    expect(progress.snapshot().steps[1]!.fraction).toBeCloseTo((1 + 0.65) / 2);
    expect(progress.snapshot().current).toBe(1);
    progress.finishStep('retrosheet', 'failed');
    progress.finish();

    const done = DataStatusResponse.parse(progress.snapshot());
    expect(done).toMatchObject({ state: 'done', progress: 1, current: null, finishedAt: '2026-11-21T15:00:00.000Z' });
    expect(done.steps.map((step) => step.state)).toEqual(['done', 'failed']);
    expect(done.steps[0]).not.toHaveProperty('weight');
  });

  it('settles once, whether the run finishes or stops', async () => {
    const failed = new FirstRunProgress(clock);
    failed.begin(plan);
    failed.fail();
    failed.finish();
    await failed.whenFinished();
    expect(failed.snapshot()).toMatchObject({ state: 'failed', current: null });
    expect(failed.snapshot().steps.map((step) => step.state)).toEqual(['pending', 'pending']);
    expect(failed.loading).toBe(false);

    const none = FirstRunProgress.finished(clock);
    await none.whenFinished();
    expect(none.snapshot()).toEqual({
      state: 'done',
      progress: 1,
      current: null,
      steps: [],
      startedAt: '2026-11-21T15:00:00.000Z',
      finishedAt: '2026-11-21T15:00:00.000Z',
    });
  });
});

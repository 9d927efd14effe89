import type { DataLoadPhase, DataLoadStep, DataStatusResponse } from '@pass/contracts';
import { systemClock } from '../../lib/clock.js';

/**
 * How far the first run is (docs/decisions/019), kept in memory and read by `GET /api/health/data` and by
 * readiness. The first run runs behind a server that already answers, so this is the only view of it
 * until it is over. It never holds file paths or error texts: those go to the log.
 */

export interface PlannedStep {
  name: string;
  label: string;
  /** The step's usual share of the run's time, relative to the others: the overall bar moves evenly. */
  weight: number;
}

/** Each phase's share of a step: parsing is quick, the lines (quotes) are most of the writing. */
const PHASE_SPANS: Record<DataLoadPhase, readonly [number, number]> = {
  reading: [0, 0.1],
  games: [0.1, 0.3],
  lines: [0.3, 1],
};

/** The importers' phase names (ImportProgress.phase) as the public ones. */
const PHASES: Readonly<Record<string, DataLoadPhase>> = {
  parse: 'reading',
  events: 'games',
  lines: 'lines',
  quotes: 'lines',
};

type TrackedStep = DataLoadStep & { weight: number };

const ENDED: ReadonlySet<DataLoadStep['state']> = new Set(['done', 'skipped', 'failed']);

export class FirstRunProgress {
  private state: DataStatusResponse['state'] = 'loading';
  private steps: TrackedStep[] = [];
  private startedAt: Date | null = null;
  private finishedAt: Date | null = null;
  private readonly settled: Promise<void>;
  private settle: () => void = () => {};

  constructor(private readonly clock: () => Date = systemClock) {
    this.settled = new Promise((resolve) => (this.settle = resolve));
  }

  /** The progress of an app that runs no first run (tests and tools that build it): over from the start. */
  static finished(clock?: () => Date): FirstRunProgress {
    const progress = new FirstRunProgress(clock);
    progress.begin([]);
    progress.finish();
    return progress;
  }

  get loading(): boolean {
    return this.state === 'loading';
  }

  /** Resolves once the run is over, whether it succeeded or not. */
  whenFinished(): Promise<void> {
    return this.settled;
  }

  begin(plan: readonly PlannedStep[]): void {
    this.startedAt = this.clock();
    this.steps = plan.map((step) => ({
      name: step.name,
      label: step.label,
      weight: step.weight,
      state: 'pending',
      fraction: 0,
      phase: null,
      done: 0,
      total: 0,
    }));
  }

  startStep(name: string): void {
    const step = this.find(name);
    if (step) step.state = 'running';
  }

  /**
   * An importer's progress within a step. `part` is which of the step's files this is (Retrosheet has one
   * a season), so the step's fraction keeps growing across them.
   */
  report(
    name: string,
    progress: { phase: string; done: number; total: number },
    part: { index: number; count: number } = { index: 0, count: 1 },
  ): void {
    const step = this.find(name);
    const phase = PHASES[progress.phase];
    if (!step || !phase || ENDED.has(step.state)) return;
    const [from, to] = PHASE_SPANS[phase];
    const within = progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0;
    const fraction = (part.index + from + (to - from) * within) / Math.max(1, part.count);
    step.phase = phase;
    step.done = Math.max(0, Math.round(progress.done));
    step.total = Math.max(0, Math.round(progress.total));
    step.fraction = Math.min(1, Math.max(step.fraction, fraction));
  }

  finishStep(name: string, outcome: 'done' | 'skipped' | 'failed'): void {
    const step = this.find(name);
    if (!step) return;
    step.state = outcome;
    step.fraction = 1;
  }

  finish(): void {
    this.end('done');
  }

  /** The run stopped outside any step (the database went away): steps not run stay pending. */
  fail(): void {
    this.end('failed');
  }

  snapshot(): DataStatusResponse {
    const totalWeight = this.steps.reduce((sum, step) => sum + step.weight, 0);
    const weighted = this.steps.reduce((sum, step) => sum + step.weight * step.fraction, 0);
    const current = this.steps.findIndex((step) => step.state === 'running');
    return {
      state: this.state,
      progress: this.state === 'done' ? 1 : totalWeight > 0 ? Math.min(1, weighted / totalWeight) : 0,
      current: this.state === 'loading' && current >= 0 ? current : null,
      steps: this.steps.map(({ weight: _weight, ...step }) => ({ ...step })),
      startedAt: this.startedAt?.toISOString() ?? null,
      finishedAt: this.finishedAt?.toISOString() ?? null,
    };
  }

  private end(state: 'done' | 'failed'): void {
    if (this.state !== 'loading') return;
    this.state = state;
    this.finishedAt = this.clock();
    this.settle();
  }

  private find(name: string): TrackedStep | undefined {
    return this.steps.find((step) => step.name === name);
  }
}

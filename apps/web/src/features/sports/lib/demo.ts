import type { BookEvent } from '@pass/contracts';

/** Whether any of the events is of the generated demo season (PASS_SEED), which the UI marks as such. */
export function hasDemoEvents(events: readonly Pick<BookEvent, 'is_demo'>[]): boolean {
  return events.some((event) => event.is_demo === true);
}

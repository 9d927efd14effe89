/** Axis helpers of the stats' and the demo's charts, where pick points and bet dollars share one chart. */

/** The next round number at or above a value (1, 2 or 5 times a power of ten), for readable ticks. */
export function roundUp(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * power).find((limit) => limit >= value)!;
}

/**
 * An axis range symmetric about 0 and wide enough for every value, so two axes side by side put 0 on the
 * same line and a bar always grows from 0 (never from the edge of a range that leaves 0 out).
 */
export function symmetricDomain(values: readonly number[]): [number, number] {
  const largest = roundUp(Math.max(1, ...values.map(Math.abs)));
  return [-largest, largest];
}

/** Five even ticks over a symmetric range, 0 among them: [−L, −L/2, 0, L/2, L]. */
export function symmetricTicks([low, high]: [number, number]): number[] {
  return [low, low / 2, 0, high / 2, high];
}

/** A whole-dollar axis tick: "$20", "−$20". */
export function dollarTick(value: number): string {
  const rounded = Math.round(value);
  return rounded < 0 ? `−$${-rounded}` : `$${rounded}`;
}

import { BetKind } from '@pass/domain';
import { describe, expect, it } from 'vitest';
import { line, lineOfKind } from './bet-format';

describe("an entry's line in words", () => {
  it('signs a spread, and calls a line of 0 a pick', () => {
    expect(line(3)).toBe('+3');
    expect(line(-3.5)).toBe('-3.5');
    expect(line(0)).toBe('PK');
    expect(line(-0)).toBe('PK');
    expect(line(null)).toBe('—');
    expect(lineOfKind(BetKind.spread, 7)).toBe('+7');
    expect(lineOfKind(BetKind.spread, 0)).toBe('PK');
  });

  it('gives a total as the points it names, and a moneyline no line', () => {
    expect(lineOfKind(BetKind.totals, 47.5)).toBe('47.5');
    expect(lineOfKind(BetKind.totals, null)).toBe('—');
    expect(lineOfKind(BetKind.moneyline, 150)).toBe('—');
  });
});

import { describe, expect, it } from 'vitest';
import { dollars } from './money';

describe('dollars', () => {
  it('shows cents as dollars, with a true minus and, when asked, a plus', () => {
    expect(dollars(12_345)).toBe('$123.45');
    expect(dollars(-500)).toBe('−$5.00');
    expect(dollars(4_050, { signed: true })).toBe('+$40.50');
    expect(dollars(0, { signed: true })).toBe('$0.00');
    expect(dollars(123_456_789)).toBe('$1,234,567.89');
    expect(dollars(null)).toBe('—');
  });
});

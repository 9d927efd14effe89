import { describe, expect, it } from 'vitest';
import { reducedMotionTheme, theme } from './theme';

describe('the themes', () => {
  it('slides panels open by default', () => {
    expect(theme.transitions.create('height')).toMatch(/^height \d+ms/);
  });

  it('opens them at once for a device that asks for less motion, with the same colours', () => {
    expect(reducedMotionTheme.transitions.create('height')).toBe('none');
    expect(reducedMotionTheme.palette.primary.main).toBe(theme.palette.primary.main);
  });
});

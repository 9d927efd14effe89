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

describe('the focus ring', () => {
  it('outlines a control reached by keyboard in the primary blue over a white ring', () => {
    const overrides = theme.components?.MuiButtonBase?.styleOverrides?.root as Record<string, unknown>;
    expect(overrides['&.Mui-focusVisible']).toEqual({
      outline: '2px solid #1867C0',
      outlineOffset: '2px',
      boxShadow: '0 0 0 2px #FFFFFF',
    });
  });

  it('outlines links and focusable regions alike, in both themes', () => {
    for (const each of [theme, reducedMotionTheme]) {
      const global = each.components?.MuiCssBaseline?.styleOverrides as Record<string, unknown>;
      const [selector, ring] = Object.entries(global)[0]!;
      expect(selector).toContain('a:focus-visible');
      expect(selector).toContain('[tabindex]');
      expect(ring).toMatchObject({ outline: '2px solid #1867C0' });
    }
  });
});

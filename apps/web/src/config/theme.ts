import { createTheme } from '@mui/material/styles';
import { brandColors } from './brand-colors';

export { brandColors } from './brand-colors';

/**
 * The focus ring of every control reached by keyboard (WCAG 2.2 focus appearance): a 2 px blue outline
 * 2 px out, over a 2 px white ring, so it shows on white pages (the blue) and on the blue app bar (the white).
 */
export const focusRing = {
  outline: `2px solid ${brandColors.primary}`,
  outlineOffset: '2px',
  boxShadow: '0 0 0 2px #FFFFFF',
} as const;

const WARNING_TEXT = '#A85200';

export const theme = createTheme({
  palette: {
    mode: 'light',
    background: { default: brandColors.background, paper: brandColors.surface },
    primary: { main: brandColors.primary, dark: brandColors.primaryDarken1, contrastText: '#FFFFFF' },
    // Cyan is light: dark text keeps it readable.
    secondary: { main: brandColors.secondary, dark: brandColors.secondaryDarken1, contrastText: '#000000' },
    error: { main: brandColors.error },
    info: { main: brandColors.info },
    success: { main: brandColors.success },
    warning: { main: brandColors.warning },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800 },
    h2: { fontWeight: 700 },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
  },
  shape: { borderRadius: 10 },
  components: {
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
    // An outlined chip writes in its colour, and the warning orange is too light for small text on white
    // (2.4:1): a burnt orange of the same hue reads at 5.4:1.
    MuiChip: {
      variants: [
        { props: { variant: 'outlined', color: 'warning' }, style: { color: WARNING_TEXT, borderColor: WARNING_TEXT } },
      ],
    },
    MuiCssBaseline: {
      styleOverrides: {
        'a:focus-visible, summary:focus-visible, [tabindex]:not(.MuiButtonBase-root):focus-visible': focusRing,
      },
    },
  },
});

/**
 * The same theme for a device that asks for less motion (`prefers-reduced-motion: reduce`): panels, menus and
 * dialogs appear at once instead of sliding, so nothing moves under a finger or a pointer while it opens.
 */
export const reducedMotionTheme = createTheme(theme, { transitions: { create: () => 'none' } });

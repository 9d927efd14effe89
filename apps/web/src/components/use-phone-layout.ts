import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * Whether the screen is phone-wide (below the theme's `sm`, 600 px; `md`, 900 px, for the widest tables): wide
 * tables then reflow into stacked rows or fewer columns, so the page never scrolls sideways. Read on the first render (`noSsr`): the app
 * renders in the browser only, and a table must not flash before its phone layout.
 */
export function usePhoneLayout(below: 'sm' | 'md' = 'sm'): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down(below), { noSsr: true });
}

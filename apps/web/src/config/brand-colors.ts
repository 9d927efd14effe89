/**
 * The specification's one light theme: white background and surface; primary blue with a deep
 * purple dark variant; secondary cyan with a teal dark variant; error dark red, info blue,
 * success green, warning orange. Also read by the build for the app manifest (vite.config.ts).
 */
export const brandColors = {
  primary: '#1867C0',
  primaryDarken1: '#3700B3',
  secondary: '#03DAC6',
  secondaryDarken1: '#018786',
  error: '#B00020',
  info: '#2196F3',
  success: '#4CAF50',
  warning: '#FB8C00',
  background: '#FFFFFF',
  surface: '#FFFFFF',
} as const;

/**
 * The look of a segmented control's buttons (MUI ToggleButton): dark text on white, the chosen one filled with
 * the primary colour, so the choice reads at a glance and every state keeps its contrast.
 */
export const segmentSx = {
  minHeight: 44,
  color: 'text.primary',
  '&.Mui-selected, &.Mui-selected:hover': { color: 'primary.contrastText', bgcolor: 'primary.main' },
} as const;

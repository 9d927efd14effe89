import Typography from '@mui/material/Typography';
import type { LineSourceCount } from '@pass/contracts';

/**
 * Where the lines of a list of past games come from (DESIGN.md section 6, "every screen names its source"): each
 * source with its number of games, e.g. "Lines: closing line from nflverse (17 games)".
 */
export function lineSourcesText(sources: readonly LineSourceCount[]): string | null {
  if (sources.length === 0) return null;
  if (sources.length === 1) return `Lines: ${sources[0]!.label}.`;
  const parts = sources.map((source) => `${source.label} (${source.games} game${source.games === 1 ? '' : 's'})`);
  return `Lines: ${parts.join('; ')}.`;
}

/** A caption naming the sources of the lines above it; nothing when the response names none. */
export function LineSourceCaption({ sources }: { sources: readonly LineSourceCount[] | undefined }) {
  const text = lineSourcesText(sources ?? []);
  if (text === null) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="line-source">
      {text}
    </Typography>
  );
}

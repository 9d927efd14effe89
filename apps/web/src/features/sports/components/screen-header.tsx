import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface ScreenHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Marks generated demo data. */
  demo?: boolean;
  /** Shown at the end of the title row, e.g. the odds freshness. */
  aside?: ReactNode;
}

/** A screen's h1, with the demo mark and whatever the screen adds beside it. */
export function ScreenHeader({ title, subtitle, demo = false, aside }: ScreenHeaderProps) {
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {title}
        </Typography>
        {demo ? (
          <Chip
            label="Demo season"
            size="small"
            variant="outlined"
            title="Generated games and odds: no real data source was reachable"
            sx={{ color: '#8A4500', borderColor: '#FB8C00', bgcolor: '#FFF3E0', fontWeight: 600 }}
          />
        ) : null}
      </Box>
      {subtitle || aside ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, rowGap: 0.5, mt: 0.5 }}>
          {subtitle ? <Typography color="text.secondary">{subtitle}</Typography> : null}
          {aside}
        </Box>
      ) : null}
    </Box>
  );
}

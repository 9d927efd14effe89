import Box from '@mui/material/Box';
import type { PoolSummary } from '@pass/contracts';
import { POOL_ICONS } from '../lib/pool-text';

type IconSettings = Pick<PoolSummary, 'icon' | 'icon_color' | 'icon_background'>;

/** A pool's icon on its chosen background, decorative: the pool's name always stands beside it. */
export function PoolIcon({ pool, size = 40 }: { pool: IconSettings; size?: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        fontSize: size * 0.6,
        fontWeight: 700,
        lineHeight: 1,
        color: pool.icon_color,
        bgcolor: pool.icon_background,
      }}
    >
      {POOL_ICONS[pool.icon]?.glyph ?? POOL_ICONS.wave?.glyph}
    </Box>
  );
}

import Box from '@mui/material/Box';
import type { PoolSummary } from '@pass/contracts';

/** The icon set a pool chooses from: its key is stored, the glyph shown. */
export const POOL_ICONS: Record<string, { glyph: string; label: string }> = {
  // Symbols every system font has (emoji are missing on many desktops and in headless browsers).
  wave: { glyph: '≈', label: 'Wave' },
  star: { glyph: '★', label: 'Star' },
  crown: { glyph: '♛', label: 'Crown' },
  sun: { glyph: '☀', label: 'Sun' },
  heart: { glyph: '♥', label: 'Heart' },
  diamond: { glyph: '♦', label: 'Diamond' },
  club: { glyph: '♣', label: 'Club' },
  spade: { glyph: '♠', label: 'Spade' },
};

type IconSettings = Pick<PoolSummary, 'icon' | 'icon_color' | 'icon_background'>;

/**
 * A pool's icon on its chosen background, decorative: the pool's name always stands beside it. Shared by the pool
 * screens and the chat's room list.
 */
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

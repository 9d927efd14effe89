import Box from '@mui/material/Box';
import type { VisibleNavLink } from './nav-items';

/**
 * A link's label, "Members" beside it for a visitor, and its hint (described by, not named by: the link's
 * accessible name stays its label).
 */
export function LinkText({ link, hintId, inline = false }: { link: VisibleNavLink; hintId: string; inline?: boolean }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
        {link.label}
        {link.membersOnly ? (
          <Box
            component="span"
            aria-hidden="true"
            sx={{
              ml: 1,
              px: 0.75,
              borderRadius: 1,
              fontSize: '0.7rem',
              fontWeight: 600,
              bgcolor: 'grey.200',
              color: 'text.primary',
              verticalAlign: 'middle',
            }}
          >
            Members
          </Box>
        ) : null}
      </Box>
      {link.hint ? (
        <Box
          component="span"
          id={hintId}
          sx={{ display: inline ? 'none' : 'block', fontSize: '0.8rem', color: 'text.secondary' }}
        >
          {link.hint}
          {link.membersOnly ? ' (log in first)' : ''}
        </Box>
      ) : null}
    </>
  );
}

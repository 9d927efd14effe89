import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * The App Store and Google Play badges, drawn here (no downloaded artwork): a black rounded badge with the
 * store's mark and its two lines, as the stores' own badges read. Each is a link that opens the store.
 */
function StoreBadge({
  href,
  label,
  small,
  large,
  mark,
}: {
  href: string;
  label: string;
  small: string;
  large: string;
  mark: ReactNode;
}) {
  return (
    <Box
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        minWidth: 168,
        height: 52,
        px: 1.5,
        borderRadius: 2,
        bgcolor: '#000000',
        color: '#FFFFFF',
        border: '1px solid #A6A6A6',
        textDecoration: 'none',
        '&:hover': { bgcolor: '#1F1F1F' },
      }}
    >
      <Box component="svg" viewBox="0 0 24 24" aria-hidden="true" sx={{ width: 28, height: 28, flex: 'none' }}>
        {mark}
      </Box>
      <Box component="span" sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1.1, textAlign: 'left' }}>
        <Box component="span" sx={{ fontSize: '0.7rem', letterSpacing: 0.2 }}>
          {small}
        </Box>
        <Box component="span" sx={{ fontSize: '1.3rem', fontWeight: 600, letterSpacing: -0.3 }}>
          {large}
        </Box>
      </Box>
    </Box>
  );
}

const appleMark = (
  <path
    fill="#FFFFFF"
    d="M16.5 12.6c0-2.4 2-3.6 2.1-3.7-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.1 1-4 2.4-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.1-1.2 2.9-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.5-1-2.5-3.9zM14.1 5.4c.7-.8 1.1-1.9 1-3-1 0-2.1.6-2.8 1.4-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.5 2.8-1.3z"
  />
);

// The play triangle in the four colours of the Google Play mark.
const playMark = (
  <>
    <polygon fill="#00A0FF" points="4,2 4,22 13,12" />
    <polygon fill="#00D26A" points="4,2 13,12 16.5,9.35" />
    <polygon fill="#FF3A44" points="4,22 13,12 16.5,14.65" />
    <polygon fill="#FFC400" points="16.5,9.35 21,12 16.5,14.65 13,12" />
  </>
);

export function AppStoreBadge({ href }: { href: string }) {
  return (
    <StoreBadge
      href={href}
      label="Download on the App Store"
      small="Download on the"
      large="App Store"
      mark={appleMark}
    />
  );
}

export function GooglePlayBadge({ href }: { href: string }) {
  return <StoreBadge href={href} label="Get it on Google Play" small="GET IT ON" large="Google Play" mark={playMark} />;
}

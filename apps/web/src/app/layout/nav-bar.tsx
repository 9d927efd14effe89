import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSessionUser } from '../../lib/use-session-user';
import { NavClock } from './nav-clock';
import { visibleNavLinks } from './nav-items';

const MENU_ID = 'mobile-navigation';

/** The navigation bar: links in a row on desktop; on phones, a menu that toggles and closes when a link is clicked. */
export function NavBar() {
  const user = useSessionUser();
  const links = visibleNavLinks(user);
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <AppBar position="sticky" color="primary" elevation={1}>
      <Toolbar sx={{ gap: 1 }}>
        <Typography
          component={RouterLink}
          to="/"
          variant="h6"
          aria-label="PA$$ home"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 800, letterSpacing: 1, mr: 2 }}
        >
          PA$$
        </Typography>
        <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}>
          {links.map((link) => (
            <Button key={link.key} component={RouterLink} to={link.href} color="inherit" sx={{ textTransform: 'none' }}>
              {link.label}
            </Button>
          ))}
        </Box>
        <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
        <NavClock />
        <IconButton
          color="inherit"
          edge="end"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon open={menuOpen} />
        </IconButton>
      </Toolbar>
      <Collapse in={menuOpen} sx={{ display: { md: 'none' } }} unmountOnExit>
        <Box component="nav" id={MENU_ID} aria-label="Main">
          <List dense disablePadding sx={{ pb: 1 }}>
            {links.map((link) => (
              <ListItem key={link.key} disablePadding>
                <ListItemButton component={RouterLink} to={link.href} onClick={() => setMenuOpen(false)}>
                  <ListItemText primary={link.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
      </Collapse>
    </AppBar>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {open ? (
        <path
          fill="currentColor"
          d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"
        />
      ) : (
        <path fill="currentColor" d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
      )}
    </svg>
  );
}

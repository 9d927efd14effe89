import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { visuallyHidden } from '../../components/visually-hidden';
import { useSessionUser } from '../../lib/use-session-user';
import { useChatUnread } from '../../lib/chat-rooms';
import { NavClock } from './nav-clock';
import { LinkText } from './nav-link-text';
import { activeNavKey, visibleNav, type VisibleNavGroup, type VisibleNavLink } from './nav-items';

const MENU_ID = 'mobile-navigation';

// A group's menu (MUI's Menu with its popover and transitions) loads when a group is first opened: it is not
// part of the first page's scripts (the home page's JavaScript budget, bench/).
const loadGroupMenu = () => import('./nav-group-menu');
const NavGroupMenu = lazy(loadGroupMenu);
const LiveMemberChannel = lazy(() => import('./live-member-channel'));
/** Starts loading the menu as the pointer or the keyboard reaches a group, so it is there by the click. */
const preloadGroupMenu = () => void loadGroupMenu().catch(() => undefined);

/** The mark of the current section: a bar under its link or group on the desktop, beside it in the phone's menu. */
const CURRENT_MARK = { boxShadow: 'inset 0 -3px 0 currentColor', fontWeight: 700 } as const;

/**
 * The navigation bar. On desktop: each group of links is a menu button, single links sit in the row. On phones:
 * a menu that toggles, shows the same groups as headed lists, and closes when a link is clicked. The current
 * screen's link carries aria-current="page" and its group a visible mark.
 */
export function NavBar() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const entries = visibleNav(user);
  const active = activeNavKey(pathname);
  const [menuOpen, setMenuOpen] = useState(false);
  // The chat link carries a dot while any of the member's rooms has an unread message.
  const unread = useChatUnread(user !== null);
  const dotted = (key: string) => unread && key === 'chat';

  return (
    <AppBar position="sticky" color="primary" elevation={1}>
      {user && (
        <Suspense fallback={null}>
          <LiveMemberChannel />
        </Suspense>
      )}
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
        <Box
          component="nav"
          aria-label="Main"
          sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5, flexGrow: 1, alignItems: 'center' }}
        >
          {entries.map((entry) =>
            entry.kind === 'group' ? (
              <DesktopGroup key={entry.key} group={entry} active={active} />
            ) : (
              <Button
                key={entry.key}
                component={RouterLink}
                to={entry.href}
                color="inherit"
                aria-current={entry.key === active ? 'page' : undefined}
                sx={{ textTransform: 'none', borderRadius: 0, ...(entry.key === active ? CURRENT_MARK : {}) }}
              >
                {entry.label}
                {dotted(entry.key) && <UnreadDot />}
              </Button>
            ),
          )}
        </Box>
        <Box sx={{ flexGrow: { xs: 1, lg: 0 } }} />
        <NavClock />
        <IconButton
          color="inherit"
          edge="end"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
          sx={{ display: { lg: 'none' } }}
        >
          <MenuIcon open={menuOpen} />
          {unread && <UnreadDot corner />}
        </IconButton>
      </Toolbar>
      <Collapse in={menuOpen} sx={{ display: { lg: 'none' } }} unmountOnExit>
        <Box
          component="nav"
          id={MENU_ID}
          aria-label="Main"
          sx={{
            bgcolor: 'background.paper',
            color: 'text.primary',
            maxHeight: 'calc(100vh - 56px)',
            overflowY: 'auto',
          }}
        >
          {/* Two columns of groups, so the whole menu fits a phone's screen without scrolling. */}
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', pt: 1 }}>
            {entries.map((entry) =>
              entry.kind === 'group' ? (
                <PhoneGroup key={entry.key} group={entry} active={active} onFollow={() => setMenuOpen(false)} />
              ) : null,
            )}
          </Box>
          <List dense disablePadding sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
            {entries.map((entry) =>
              entry.kind === 'link' ? (
                <ListItem key={entry.key} disablePadding>
                  <PhoneLink
                    link={entry}
                    current={entry.key === active}
                    dot={dotted(entry.key)}
                    onFollow={() => setMenuOpen(false)}
                  />
                </ListItem>
              ) : null,
            )}
          </List>
        </Box>
      </Collapse>
    </AppBar>
  );
}

/** A group on the desktop: a button that opens its links as a menu (arrow keys move, Escape closes). */
function DesktopGroup({ group, active }: { group: VisibleNavGroup; active: string | undefined }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const current = group.links.some((link) => link.key === active);
  const open = anchor !== null;

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-current-section={current ? 'true' : undefined}
        onPointerEnter={preloadGroupMenu}
        onFocus={preloadGroupMenu}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        endIcon={<ArrowIcon />}
        sx={{ textTransform: 'none', borderRadius: 0, ...(current ? CURRENT_MARK : {}) }}
      >
        {group.label}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <NavGroupMenu
            group={group}
            active={active}
            anchor={anchor}
            menuId={menuId}
            buttonId={buttonId}
            idPrefix={id}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** A group in the phone's menu: its heading, then its links. */
function PhoneGroup({
  group,
  active,
  onFollow,
}: {
  group: VisibleNavGroup;
  active: string | undefined;
  onFollow: () => void;
}) {
  const id = useId();
  const current = group.links.some((link) => link.key === active);
  // The heading sits before its list, not in it: a list holds only its items.
  return (
    <Box>
      <ListSubheader
        id={`${id}-heading`}
        data-current-section={current ? 'true' : undefined}
        component="h2"
        disableSticky
        sx={{
          lineHeight: 2.5,
          fontSize: '0.8rem',
          fontWeight: 700,
          textTransform: 'uppercase',
          letterSpacing: 0.5,
          color: current ? 'primary.main' : 'text.secondary',
        }}
      >
        {group.label}
      </ListSubheader>
      <List dense disablePadding aria-labelledby={`${id}-heading`}>
        {group.links.map((link) => (
          <ListItem key={link.key} disablePadding>
            <PhoneLink link={link} current={link.key === active} onFollow={onFollow} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

function PhoneLink({
  link,
  current,
  dot = false,
  onFollow,
}: {
  link: VisibleNavLink;
  current: boolean;
  dot?: boolean;
  onFollow: () => void;
}) {
  const hintId = useId();
  return (
    <ListItemButton
      component={RouterLink}
      to={link.href}
      onClick={onFollow}
      selected={current}
      aria-current={current ? 'page' : undefined}
      aria-label={dot ? `${link.label}, unread messages` : link.label}
      aria-describedby={link.hint ? hintId : undefined}
      sx={{ pl: 2, borderLeft: 4, borderColor: current ? 'primary.main' : 'transparent', minHeight: 40 }}
    >
      <ListItemText
        primary={<LinkText link={link} hintId={hintId} inline />}
        slotProps={{ primary: { component: 'span' } }}
      />
      {dot && <UnreadDot />}
    </ListItemButton>
  );
}

/** A small red dot: something unread behind the link. Named for screen readers, decorative to the eye. */
function UnreadDot({ corner = false }: { corner?: boolean }) {
  return (
    <Box
      component="span"
      data-unread-dot=""
      sx={{
        display: 'inline-block',
        width: 9,
        height: 9,
        borderRadius: '50%',
        bgcolor: 'error.main',
        boxShadow: '0 0 0 2px #fff',
        ml: corner ? 0 : 0.75,
        ...(corner ? { position: 'absolute', top: 8, right: 6 } : {}),
      }}
    >
      <Box component="span" sx={visuallyHidden}>
        unread messages
      </Box>
    </Box>
  );
}

function ArrowIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M7 10l5 5 5-5z" />
    </svg>
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

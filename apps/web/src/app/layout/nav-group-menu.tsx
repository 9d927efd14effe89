import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';
import { LinkText } from './nav-link-text';
import type { VisibleNavGroup } from './nav-items';

/** A desktop group's links as a menu (arrow keys move, Escape closes), opened under its button. */
export default function NavGroupMenu({
  group,
  active,
  anchor,
  menuId,
  buttonId,
  idPrefix,
  onClose,
}: {
  group: VisibleNavGroup;
  active: string | undefined;
  anchor: HTMLElement | null;
  menuId: string;
  buttonId: string;
  idPrefix: string;
  onClose: () => void;
}) {
  return (
    <Menu id={menuId} anchorEl={anchor} open onClose={onClose} slotProps={{ list: { 'aria-labelledby': buttonId } }}>
      {group.links.map((link) => (
        <MenuItem
          key={link.key}
          component={RouterLink}
          to={link.href}
          selected={link.key === active}
          aria-current={link.key === active ? 'page' : undefined}
          // Named by its label alone: the hint inside it describes it.
          aria-label={link.label}
          aria-describedby={link.hint ? `${idPrefix}-${link.key}-hint` : undefined}
          onClick={onClose}
          sx={{ display: 'block', maxWidth: 340, whiteSpace: 'normal', py: 1 }}
        >
          <LinkText link={link} hintId={`${idPrefix}-${link.key}-hint`} />
        </MenuItem>
      ))}
    </Menu>
  );
}

import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type ReactNode } from 'react';

/** A dialog around the bet form: the whole screen on a phone, a close button in its corner. */
export function EntryDialog({
  title,
  open,
  onClose,
  maxWidth = 'sm',
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  /** Its width from the theme's small screens up (a parlay's legs want more than a bet's fields). */
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} maxWidth={maxWidth} fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8, width: 44, height: 44, fontSize: 28, lineHeight: 1 }}
      >
        <span aria-hidden>×</span>
      </IconButton>
      <DialogContent>{open ? children : null}</DialogContent>
    </Dialog>
  );
}

import type { NotificationPreferences } from '@pass/contracts';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Loading } from '../../../components/loading';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

type Key = keyof NotificationPreferences;

const MAILS: { key: Key; label: string; help: string }[] = [
  {
    key: 'mail_pick_reminder',
    label: 'Pick reminders',
    help: '24 hours and 1 hour before a pool week’s first game locks, while you have games to pick; a Lifeguard also hears who in the pool has not picked yet.',
  },
  { key: 'mail_pool_results', label: 'Weekly results', help: 'Your points, your rank and the week’s winner.' },
];

const PUSHES: { key: Key; label: string }[] = [
  { key: 'push_pick_reminder', label: 'Pick reminder notifications' },
  { key: 'push_pool_results', label: 'Weekly results notifications' },
  { key: 'push_chat_mention', label: 'Mentions in a pool chat' },
];

/**
 * The member's notification switches: each change is saved at once. Push notifications also need this
 * device to be turned on for them; the switches say which kinds the member wants.
 */
export function NotificationSettings() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  if (preferences.isPending) return <Loading label="Loading your notification settings…" />;
  if (preferences.isError) {
    return <Alert severity="error">Could not load your notification settings. Reload the page to try again.</Alert>;
  }
  const values = preferences.data.data;
  const toggle = (key: Key) => (_event: unknown, checked: boolean) => update.mutate({ [key]: checked });
  const item = (key: Key, label: string, help?: string) => (
    <FormControlLabel
      key={key}
      sx={{ alignItems: 'flex-start', mb: 1 }}
      control={
        <Switch
          checked={values[key]}
          onChange={toggle(key)}
          disabled={update.isPending}
          slotProps={{ input: { 'aria-describedby': help ? `${key}-help` : undefined } }}
        />
      }
      label={
        <>
          <Typography component="span" sx={{ display: 'block', pt: 1 }}>
            {label}
          </Typography>
          {help ? (
            <Typography id={`${key}-help`} component="span" variant="body2" color="text.secondary">
              {help}
            </Typography>
          ) : null}
        </>
      }
    />
  );
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Mail
      </Typography>
      <FormGroup aria-label="Mail" sx={{ mb: 2 }}>
        {MAILS.map(({ key, label, help }) => item(key, label, help))}
      </FormGroup>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Push notifications
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Push notifications reach only the devices you have turned them on for.
      </Typography>
      <FormGroup aria-label="Push notifications">{PUSHES.map(({ key, label }) => item(key, label))}</FormGroup>
      {update.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          Your change was not saved. Try again.
        </Alert>
      ) : null}
    </>
  );
}

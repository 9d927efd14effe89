import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Suspense, type ComponentType } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { pathTo } from '../../../config/paths';

/** One section of the admin's screen: its address (`/admin/<key>`), its name in the menu, and its screen. */
export interface AdminShellSection {
  key: string;
  label: string;
  Component: ComponentType;
}

/**
 * The admin's screen (`/admin/:section?`): a menu of sections (tabs on a desktop, a select on a phone) and the
 * chosen one below it, the first when none is named. app/ gives the sections, its own and other features'.
 */
export default function AdminRoute({ sections }: { sections: readonly AdminShellSection[] }) {
  const { section } = useParams();
  const navigate = useNavigate();
  const phone = usePhoneLayout('md');
  const current = section === undefined ? sections[0] : sections.find((entry) => entry.key === section);
  const go = (key: string) => void navigate(pathTo('admin', { section: key }));

  return (
    <Page name="admin" title={current ? `Admin: ${current.label}` : 'Admin'} maxWidth="xl">
      <Typography variant="h4" component="h1" gutterBottom>
        Admin
      </Typography>
      {phone ? (
        <TextField
          select
          fullWidth
          size="small"
          label="Admin section"
          value={current?.key ?? ''}
          onChange={(event) => go(event.target.value)}
          sx={{ mb: 3 }}
        >
          {sections.map((entry) => (
            <MenuItem key={entry.key} value={entry.key}>
              {entry.label}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Box component="nav" aria-label="Admin sections" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
          <Tabs value={current?.key ?? false} variant="scrollable" aria-label="Admin sections">
            {sections.map((entry) => (
              <Tab
                key={entry.key}
                value={entry.key}
                label={entry.label}
                component={RouterLink}
                to={pathTo('admin', { section: entry.key })}
                sx={{ minWidth: 0, px: 1.5 }}
              />
            ))}
          </Tabs>
        </Box>
      )}
      {current ? (
        <Suspense fallback={<Loading label={`Loading ${current.label}…`} />}>
          <current.Component />
        </Suspense>
      ) : (
        <Alert severity="warning">There is no admin section “{section}”. Choose one from the menu.</Alert>
      )}
    </Page>
  );
}

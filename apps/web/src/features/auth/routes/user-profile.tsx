import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { useWhoami } from '../api/get-whoami';
import { NotificationSettings } from '../components/notification-settings';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfileDetailsForm } from '../components/profile-details-form';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: { xs: 2.5, sm: 4 }, mb: 3, overflowWrap: 'anywhere' }}
    >
      <Typography id={id} variant="h5" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The member's profile: their details, a password change and what PA$$ may notify them of, then the sections
 * other features add (`children`, composed in app/profile: this device's notifications).
 */
export function UserProfileScreen({ children }: { children?: ReactNode }) {
  const { data: user, isPending, isError } = useWhoami();
  return (
    <Page name="user-profile" title="Your profile" maxWidth="sm">
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, mb: 3 }}>
        Your profile
      </Typography>
      {isPending ? <Loading label="Loading your profile…" /> : null}
      {isError ? <Alert severity="error">Could not load your profile. Reload the page to try again.</Alert> : null}
      {user ? (
        <>
          <Section id="profile-details" title="Your details">
            <ProfileDetailsForm key={user.id} user={user} />
          </Section>
          <Section id="profile-password" title="Change password">
            <ChangePasswordForm />
          </Section>
          <Section id="profile-notifications" title="Notifications">
            <NotificationSettings />
          </Section>
          {children}
        </>
      ) : null}
    </Page>
  );
}

/** The profile with its own sections only. */
export default function UserProfileRoute() {
  return <UserProfileScreen />;
}

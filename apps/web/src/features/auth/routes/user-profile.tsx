import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { SectionCard } from '../../../components/section-card';
import { useWhoami } from '../api/get-whoami';
import { NotificationSettings } from '../components/notification-settings';
import { ChangePasswordForm } from '../components/change-password-form';
import { OtherDevices } from '../components/other-devices';
import { ProfileDetailsForm } from '../components/profile-details-form';

/**
 * The member's profile: their details, a password change, signing out other devices and what PA$$ may notify
 * them of, then the sections other features add (`children`, composed in app/profile: this device's
 * notifications).
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
          <SectionCard id="profile-details" title="Your details">
            <ProfileDetailsForm key={user.id} user={user} />
          </SectionCard>
          <SectionCard id="profile-password" title="Change password">
            <ChangePasswordForm />
          </SectionCard>
          <SectionCard id="profile-devices" title="Other devices">
            <OtherDevices />
          </SectionCard>
          <SectionCard id="profile-notifications" title="Notifications">
            <NotificationSettings />
          </SectionCard>
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

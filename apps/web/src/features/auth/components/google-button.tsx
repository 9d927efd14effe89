import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { useClientConfig } from '../../../lib/client-config';
import { googleStartUrl, type GoogleIntent } from '../lib/google';

/**
 * "Continue with Google", only when the server has Google sign-in configured. A plain link: the
 * server answers it with a redirect to Google, so it must be a full-page visit, not an app route.
 */
export function GoogleButton({ intent }: { intent: GoogleIntent }) {
  const { data: config } = useClientConfig();
  if (!config?.googleSignIn) return null;
  return (
    <>
      <Divider sx={{ my: 3, color: 'text.secondary' }}>or</Divider>
      <Button component="a" href={googleStartUrl(intent)} variant="outlined" size="large" fullWidth>
        Continue with Google
      </Button>
    </>
  );
}

import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { useClientConfig } from '../../../lib/client-config';
import { googleStartUrl, rememberReturn, type GoogleIntent } from '../lib/google';

/**
 * "Continue with Google", only when the server has Google sign-in configured. A plain link: the
 * server answers it with a redirect to Google, so it must be a full-page visit, not an app route.
 */
export function GoogleButton({
  intent,
  returnTo,
}: {
  intent: GoogleIntent;
  /** Where the app goes once signed in (the page the button is on): home when absent. */
  returnTo?: string | undefined;
}) {
  const { data: config } = useClientConfig();
  if (!config?.googleSignIn) return null;
  return (
    <>
      <Divider sx={{ my: 3, color: 'text.secondary' }}>or</Divider>
      <Button
        component="a"
        href={googleStartUrl(intent)}
        onClick={() => rememberReturn(returnTo ?? '/')}
        variant="outlined"
        size="large"
        fullWidth
      >
        Continue with Google
      </Button>
    </>
  );
}

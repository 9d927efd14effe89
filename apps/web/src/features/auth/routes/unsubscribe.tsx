import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { RouteButton } from '../../../components/route-link';
import { ApiError } from '../../../lib/api-client';
import { AuthPage } from '../components/auth-page';
import { useUnsubscribe } from '../api/unsubscribe';

/** What a token says it turns off (the server checks the signature; this is only for the words). */
function kindOf(token: string): 'pick_reminder' | 'pool_results' | null {
  const kind = token.split('.')[2];
  return kind === 'pick_reminder' || kind === 'pool_results' ? kind : null;
}

const WHAT = { pick_reminder: 'pick reminder mails', pool_results: 'weekly results mails' } as const;

/**
 * Where a pool mail's unsubscribe link lands. It asks first, so a mail scanner that follows links unsubscribes
 * no one; the button sends the same one-click request a mail client would.
 */
export default function UnsubscribeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const kind = kindOf(token);
  const unsubscribe = useUnsubscribe();
  const what = kind ? WHAT[kind] : 'these mails';

  if (unsubscribe.isSuccess) {
    return (
      <AuthPage name="unsubscribe" title="You are unsubscribed">
        <Typography sx={{ mb: 3 }}>
          You will get no more {WHAT[unsubscribe.data.data.kind]} from PA$$. You can turn them on again in your profile.
        </Typography>
        <RouteButton to="user-profile" variant="outlined" fullWidth>
          Notification settings
        </RouteButton>
      </AuthPage>
    );
  }

  const linkDead = !kind || (unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400);
  return (
    <AuthPage name="unsubscribe" title="Unsubscribe">
      {linkDead ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          This unsubscribe link is not valid. You can turn pool mails off in your profile’s notification settings.
        </Alert>
      ) : (
        <>
          <Typography sx={{ mb: 3 }}>Stop {what} from your PA$$ pools?</Typography>
          {unsubscribe.isError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              Could not unsubscribe right now. Try again in a moment.
            </Alert>
          ) : null}
          <Button
            variant="contained"
            size="large"
            fullWidth
            loading={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            Unsubscribe
          </Button>
        </>
      )}
    </AuthPage>
  );
}

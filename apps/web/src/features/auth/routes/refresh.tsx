import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { AuthPage } from '../components/auth-page';
import { redirectTarget } from '../lib/redirect-target';

/**
 * Reloads the member's data: the auth guard has already refreshed the user from whoami; this drops the
 * cached answers that may be stale, then goes back to `redirect` (a path on this site) or home.
 */
export default function RefreshRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const target = redirectTarget(searchParams.get('redirect'));
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void queryClient.invalidateQueries();
    void navigate(target, { replace: true });
  }, [navigate, queryClient, target]);

  return (
    <AuthPage name="refresh" title="Refreshing your account">
      <Loading label="Refreshing…" />
    </AuthPage>
  );
}

import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../../../components/loading';
import { useLogout } from '../api/logout';
import { AuthPage } from '../components/auth-page';

/** Ends the session on arrival; the stored user goes whatever the server answers; then home. */
export default function LogoutRoute() {
  const navigate = useNavigate();
  const { mutateAsync } = useLogout();
  const started = useRef(false);

  useEffect(() => {
    // Once per visit, though strict mode runs effects twice.
    if (started.current) return;
    started.current = true;
    // The promise, not mutate's callbacks: those are dropped when strict mode re-subscribes the hook.
    void mutateAsync()
      .catch(() => undefined)
      .finally(() => void navigate('/', { replace: true }));
  }, [mutateAsync, navigate]);

  return (
    <AuthPage name="logout" title="Logging out">
      <Loading label="Logging you out…" />
    </AuthPage>
  );
}

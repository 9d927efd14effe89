import { useLocation } from 'react-router';
import { InvitationSignupForm } from '../../features/auth/components/invitation-signup-form';
import { LoginForm } from '../../features/auth/components/login-form';
import { AcceptScreen } from '../../features/pools/components/accept-screen';

/**
 * `/pool-party/accept/:token`: the pools feature's invitation page, given the auth feature's forms so that a
 * visitor creates their account, or logs in, on the page itself and is joined (decision: join in one step).
 */
export default function PoolInvitationAcceptPage() {
  const here = useLocation();
  return (
    <AcceptScreen
      newAccountForm={(props) => <InvitationSignupForm {...props} />}
      // Google's sign-in leaves the page: it comes back here, where the member joins with one tap.
      loginForm={(onLoggedIn) => (
        <LoginForm autoFocus={false} onLoggedIn={onLoggedIn} returnTo={here.pathname + here.search} />
      )}
    />
  );
}

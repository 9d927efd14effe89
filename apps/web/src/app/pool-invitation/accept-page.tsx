import { InvitationSignupForm } from '../../features/auth/components/invitation-signup-form';
import { LoginForm } from '../../features/auth/components/login-form';
import { AcceptScreen } from '../../features/pools/components/accept-screen';

/**
 * `/pool-party/accept/:token`: the pools feature's invitation page, given the auth feature's forms so that a
 * visitor creates their account, or logs in, on the page itself and is joined (decision: join in one step).
 */
export default function PoolInvitationAcceptPage() {
  return (
    <AcceptScreen
      newAccountForm={(props) => <InvitationSignupForm {...props} />}
      loginForm={(onLoggedIn) => <LoginForm autoFocus={false} onLoggedIn={onLoggedIn} />}
    />
  );
}

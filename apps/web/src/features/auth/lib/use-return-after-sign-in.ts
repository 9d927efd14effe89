import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { pathTo } from '../../../config/paths';
import { useSessionUser } from '../../../lib/use-session-user';
import { takeReturn } from './google';

/**
 * Back to the page a Google sign-in started from (google.ts, decision 077): once the member is signed in and
 * past the account setup a new account lands on, the app goes to the place the tab kept, once.
 */
export function useReturnAfterSignIn(): void {
  const signedIn = useSessionUser() !== null;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!signedIn || pathname === pathTo('account-setup')) return;
    const target = takeReturn();
    if (target !== null && target !== pathname + search) void navigate(target, { replace: true });
  }, [signedIn, pathname, search, navigate]);
}

import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { paths, type RouteName } from '../config/paths';
import { authGuard, resetTokenGuard, segmentsGuard } from './guards';
import { RouteError } from './route-error';

/**
 * The screens that exist, by route name. Only what is listed here is routed and linked; a route
 * whose screen is not built yet is absent (it gets the not-found page), never a placeholder.
 */
export type Guard = 'auth' | 'reset-token';

export interface ScreenRoute {
  name: RouteName;
  guards?: Guard[];
  screen: () => Promise<{ default: ComponentType }>;
}

export const screens: ScreenRoute[] = [
  { name: 'home', screen: () => import('../features/marketing/routes/home') },
  { name: 'menu', screen: () => import('../features/marketing/routes/menu') },
  { name: 'pitch-deck', screen: () => import('../features/marketing/routes/pitch-deck') },
  { name: 'coming-soon', screen: () => import('../features/marketing/routes/coming-soon') },
  { name: 'mail-signature', screen: () => import('../features/marketing/routes/mail-signature') },
  { name: 'brand-assets', screen: () => import('../features/marketing/routes/brand-assets') },
  { name: 'privacy', screen: () => import('../features/legal/routes/privacy') },
  { name: 'tos', screen: () => import('../features/legal/routes/terms') },
  { name: 'pool-party-rules', screen: () => import('../features/legal/routes/pool-party-rules') },
  { name: 'about', screen: () => import('../features/about/routes/about') },
  { name: 'about-changes', screen: () => import('../features/about/routes/changes') },
  { name: 'login', screen: () => import('../features/auth/routes/login') },
  { name: 'signin', screen: () => import('../features/auth/routes/signin') },
  { name: 'login-sso', screen: () => import('../features/auth/routes/login-sso') },
  { name: 'login-error', screen: () => import('../features/auth/routes/login-error') },
  { name: 'signup', screen: () => import('../features/auth/routes/signup') },
  { name: 'register-new', screen: () => import('../features/auth/routes/register-new') },
  { name: 'register-with-google', screen: () => import('../features/auth/routes/register-with-google') },
  { name: 'password-reset', screen: () => import('../features/auth/routes/password-reset') },
  { name: 'passwd', guards: ['reset-token'], screen: () => import('../features/auth/routes/passwd') },
  { name: 'account-verify', screen: () => import('../features/auth/routes/account-verify') },
  { name: 'account-setup', guards: ['auth'], screen: () => import('../features/auth/routes/account-setup') },
  { name: 'logout', screen: () => import('../features/auth/routes/logout') },
  { name: 'refresh', guards: ['auth'], screen: () => import('../features/auth/routes/refresh') },
  { name: 'user-profile', guards: ['auth'], screen: () => import('../features/auth/routes/user-profile') },
];

/** A route object: the guards run as its loader (segments first, never blocking), the screen loads lazily. */
export function toRouteObject({ name, guards = [], screen }: ScreenRoute): RouteObject {
  return {
    id: name,
    path: paths[name],
    loader: async ({ request }: LoaderFunctionArgs) => {
      segmentsGuard(name, request);
      for (const guard of guards) {
        if (guard === 'auth') await authGuard(request);
        if (guard === 'reset-token') await resetTokenGuard(request);
      }
      return null;
    },
    ErrorBoundary: RouteError,
    lazy: async () => ({ Component: (await screen()).default }),
  };
}

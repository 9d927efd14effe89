import type { RouteName as SegmentRouteName } from '@pass/contracts';

/**
 * Every route of the specification (spec/routes.md) by name. A route is linked only once its screen
 * is registered in app/route-table.tsx (see lib/route-registry.ts), so no link leads to a missing page.
 */
export const paths = {
  home: '/',
  menu: '/menu',
  privacy: '/privacy',
  tos: '/tos',
  'pool-party-rules': '/pool-party-rules',
  about: '/about',
  'about-changes': '/about/changes',
  'pitch-deck': '/pitch-deck',
  'coming-soon': '/coming-soon',
  'mail-signature': '/-mailsig',
  'brand-assets': '/-brand-assets',
  refresh: '/refresh',
  login: '/login',
  signin: '/user/signin',
  'login-sso': '/login/sso',
  'login-error': '/login-error',
  signup: '/signup',
  'register-new': '/user/register-new',
  'register-with-google': '/user/register-with-google',
  'password-reset': '/user/password-reset',
  passwd: '/u/passwd',
  'account-verify': '/account/verify/:token',
  'account-setup': '/account/setup',
  /** The link mailed to the old address after an email change (not in the specification; never in the navigation). */
  'account-email-revert': '/account/email/revert/:token',
  logout: '/logout',
  'user-profile': '/user/profile',
  /** Where a pool mail's unsubscribe link lands: it asks before it unsubscribes (not in the specification; never in the navigation). */
  unsubscribe: '/unsubscribe',
  'free-football-odds': '/free/football/odds',
  'free-college-football-odds': '/free/college/football/odds',
  'football-schedule': '/football/schedule',
  'football-season-schedule': '/football/season/:season/schedule',
  'football-v2-season': '/football/v2/season/:season',
  'concept-football-schedule': '/concept/football/schedule',
  'football-conference-afc': '/football/conference/afc',
  'football-conference-nfc': '/football/conference/nfc',
  'football-team': '/football/team/:team',
  'football-odds': '/football/odds',
  'classic-football': '/classic/football',
  'classic-football-schedule': '/classic/football/schedule',
  'football-2024-schedule': '/football/2024/schedule',
  'football-2024-season-schedule': '/football/2024/season/:season/schedule',
  'football-2024-team': '/football/2024/team/:team',
  'football-2023-schedule': '/football/2023/schedule',
  'football-2023-season-schedule': '/football/2023/season/:season/schedule',
  'football-2023-team': '/football/2023/team/:team',
  'ncaa-football-schedule': '/college/football/schedule',
  'ncaa-football-conferences': '/college/football/conferences',
  'ncaa-football-team': '/college/football/team/:team',
  'ncaa-football-odds': '/college/football/odds',
  'baseball-menu': '/baseball',
  'baseball-home': '/baseball/conferences',
  'baseball-schedule': '/baseball/schedule',
  'baseball-season-schedule': '/baseball/season/:season/schedule',
  'baseball-team': '/baseball/team/:team',
  'compare-books': '/compare-books',
  'compare-books-event': '/compare-books/event/:id',
  almanac: '/almanac',
  'admin-almanac': '/admin/almanac',
  'college-subscribe': '/college/subscribe',
  'football-pools': '/football/pools',
  'ncaa-football-pools': '/college/football/pools',
  'football-pool': '/football/pool/:id',
  'ncaa-football-pool': '/college/football/pool/:id',
  'classic-football-pool': '/classic/football/pool/:id',
  'football-2024-pool': '/football/2024/pool/:id',
  'football-2023-pool': '/football/2023/pool/:id',
  'pool-party': '/pool-party',
  invite: '/invite',
  'pool-party-accept': '/pool-party/accept/:token',
  'pool-party-invite-error': '/pool-party/invite-error',
  chat: '/chat',
  'classic-football-pools': '/classic/football/pools',
  'football-2024-pools': '/football/2024/pools',
  'football-2023-pools': '/football/2023/pools',
  'football-2023-menu': '/football/2023',
  'season-2024': '/season/2024',
  'season-2025': '/season/2025',
  subscribe: '/subscribe',
  'campaign-pool-party': '/campaign/pass-pool-party/signup-for-free',
  demo: '/demo',
  welcome: '/welcome',
  'demo-charts': '/demo/charts',
  'demo-modal': '/demo/modal',
  'user-bets': '/user/bets',
  'user-stats': '/user/stats',
  'teller-place-bet': '/teller/place-bet',
  admin: '/admin/:section?',
  'admin-plan-detail': '/admin/billing/plans/:platform/:planId',
} as const satisfies Record<SegmentRouteName, string>;

export type RouteName = keyof typeof paths;

/** A concrete URL for a route: `:param` filled, an optional `:param?` dropped when not given. */
export function pathTo(name: RouteName, params: Record<string, string | number> = {}): string {
  const filled = paths[name].replace(/:(\w+)(\?)?/g, (_match, key: string, optional?: string) => {
    const value = params[key];
    if (value === undefined) {
      if (optional) return '';
      throw new Error(`pathTo(${name}): missing parameter ${key}`);
    }
    return encodeURIComponent(String(value));
  });
  return filled.replace(/\/+$/, '') || '/';
}

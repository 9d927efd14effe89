import type { SportKey } from '@pass/contracts';
import { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { LoaderFunctionArgs, Params, RouteObject } from 'react-router';
import { paths, type RouteName } from '../config/paths';
import type { ScheduleSlots } from '../lib/game-actions';
import type { PoolSlots } from '../lib/pool-chat';
import { prefetchDemoReplay } from '../features/replay/api/demo-replay';
import { loadSportStore } from '../features/sports/api/load-sport-store';
import { prefetchTeamScreen } from '../features/sports/api/prefetch-team-screen';
import type { AdminSection } from '../features/sports/components/admin-imports-screen';
import { adminGuard, authGuard, collegeGuard, resetTokenGuard, seasonGuard, segmentsGuard } from './guards';
import { Loading } from '../components/loading';
import { RouteError } from './route-error';

/**
 * The screens that exist, by route name. Only what is listed here is routed and linked; a route
 * whose screen is not built yet is absent (it gets the not-found page), never a placeholder.
 */
export type Guard = 'auth' | 'admin' | 'college' | 'reset-token' | 'season';

export interface ScreenRoute {
  name: RouteName;
  guards?: Guard[];
  /**
   * The screen shows the server's sports data: while the server's first run is still loading it, the layout
   * shows the progress instead (components/data-loading.tsx).
   */
  needsData?: boolean;
  /** The sport store the season guard loads: the route's `:season` parameter wins over `season`. */
  sportStore?: { sport: SportKey; season?: number };
  screen: () => Promise<{ default: ComponentType }>;
  /**
   * Asks for the screen's data once the guards let it in, while the screen's code still loads; never awaited.
   * Part of the first page's JavaScript, so the requests leave at once: keep what it imports light.
   */
  prefetch?: (queryClient: QueryClient, params: Params, url: URL) => Promise<unknown>;
}

const NFL: SportKey = 'americanfootball_nfl';
const NCAAF: SportKey = 'americanfootball_ncaaf';
const MLB: SportKey = 'baseball_mlb';

/** A team screen's data, and its chart's code (the screen's heaviest), for `prefetch`. */
const teamScreenData =
  (sport: SportKey, fixedSeason?: number) =>
  (queryClient: QueryClient, params: Params): Promise<unknown> => {
    void import('../features/sports/components/margin-chart').catch(() => undefined);
    return prefetchTeamScreen(queryClient, sport, params.team ?? '', fixedSeason);
  };

/** The demo replay's data, for `prefetch`. */
const demoReplayData = (queryClient: QueryClient, _params: Params, url: URL): Promise<unknown> =>
  prefetchDemoReplay(queryClient, url);

/**
 * A schedule screen with the member's picks and bets under each game: the ledger's component fills the
 * schedule's game-actions place and loads with the screen, so neither feature imports the other.
 */
function withGameActions(
  screen: () => Promise<{ default: ComponentType<ScheduleSlots> }>,
): () => Promise<{ default: ComponentType }> {
  return async () => {
    const [{ default: Schedule }, { GamePickActions }, { BetSlipProvider }] = await Promise.all([
      screen(),
      import('../features/ledger/components/game-pick-actions'),
      import('../features/ledger/components/bet-slip'),
    ]);
    return {
      default: () => (
        <BetSlipProvider>
          <Schedule gameActions={GamePickActions} />
        </BetSlipProvider>
      ),
    };
  };
}

/** The pool screen's chat tab: the chat feature's room, loaded when the tab is first opened. */
const PoolChatRoom = lazy(() => import('../features/chat/components/pool-chat-panel'));

/** A pool screen with its chat tab filled by the chat feature, so neither feature imports the other. */
function withPoolChat(
  screen: () => Promise<{ default: ComponentType<PoolSlots> }>,
): () => Promise<{ default: ComponentType }> {
  return async () => {
    const { default: Screen } = await screen();
    return { default: () => <Screen chatPanel={PoolChatRoom} /> };
  };
}

/**
 * A screen of prices (the member's odds board, compare books, a team's page) where tapping a price puts it on
 * the ledger's bet slip: the slip's provider loads with the screen, so neither feature imports the other. The
 * slip's legs are kept on the device, so each screen's provider shows the same slip.
 */
function withBetSlip(screen: () => Promise<{ default: ComponentType }>): () => Promise<{ default: ComponentType }> {
  return async () => {
    const [{ default: Screen }, { BetSlipProvider }] = await Promise.all([
      screen(),
      import('../features/ledger/components/bet-slip'),
    ]);
    return {
      default: () => (
        <BetSlipProvider>
          <Screen />
        </BetSlipProvider>
      ),
    };
  };
}

/**
 * A sport's menu with Pool Party's section of the member's pools of that sport: the pools feature's
 * component fills the menu's place, so neither feature imports the other.
 */
function withSportPools(
  screen: () => Promise<{ default: ComponentType<{ pools?: ReactNode }> }>,
  sport: SportKey,
  noun: string,
): () => Promise<{ default: ComponentType }> {
  return async () => {
    const [{ default: Menu }, { SportPoolsSection }] = await Promise.all([
      screen(),
      import('../features/pools/components/sport-pools-section'),
    ]);
    return { default: () => <Menu pools={<SportPoolsSection sport={sport} noun={noun} />} /> };
  };
}

/**
 * The admin's screen with the sections other features add (Pool Party's refused invitations), each in the
 * screen's navigation; the screen only leaves the place, so no feature imports another.
 */
function withAdminSections(
  screen: () => Promise<{ default: ComponentType<{ sections?: readonly AdminSection[] }> }>,
): () => Promise<{ default: ComponentType }> {
  return async () => {
    const [{ default: Admin }, { RefusedInvitations }] = await Promise.all([
      screen(),
      import('../features/pools/components/refused-invitations'),
    ]);
    const sections: AdminSection[] = [
      { id: 'refused-invitations', label: 'Refused invitations', content: <RefusedInvitations /> },
    ];
    return { default: () => <Admin sections={sections} /> };
  };
}

/** The admin's screen with its sections from the registry (app/admin-sections.tsx). */
function withAdminShell(): () => Promise<{ default: ComponentType }> {
  return async () => {
    const [{ default: Admin }, { adminShellSections }] = await Promise.all([
      import('../features/admin/routes/admin'),
      import('./admin-sections'),
    ]);
    const sections = adminShellSections();
    return { default: () => <Admin sections={sections} /> };
  };
}

/**
 * The member's home (app/home/member-home.tsx: the ledger's, the sports' and Pool Party's parts) in the home
 * screen's place for it; loaded only once a member is signed in, so a visitor's first page stays light.
 */
const MemberHome = lazy(() => import('./home/member-home'));

function withMemberHome(
  screen: () => Promise<{ default: ComponentType<{ memberHome?: ReactNode }> }>,
): () => Promise<{ default: ComponentType }> {
  return async () => {
    const { default: Home } = await screen();
    const memberHome = (
      <Suspense fallback={<Loading label="Loading your home page" />}>
        <MemberHome />
      </Suspense>
    );
    return { default: () => <Home memberHome={memberHome} /> };
  };
}

export const screens: ScreenRoute[] = [
  { name: 'home', screen: withMemberHome(() => import('../features/marketing/routes/home')) },
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
  { name: 'account-email-revert', screen: () => import('../features/auth/routes/account-email-revert') },
  { name: 'account-setup', guards: ['auth'], screen: () => import('../features/auth/routes/account-setup') },
  { name: 'logout', screen: () => import('../features/auth/routes/logout') },
  { name: 'refresh', guards: ['auth'], screen: () => import('../features/auth/routes/refresh') },
  { name: 'user-profile', guards: ['auth'], screen: () => import('./profile/user-profile-page') },
  { name: 'unsubscribe', screen: () => import('../features/auth/routes/unsubscribe') },
  // Billing: the plans and PayPal's button, open to visitors (who are asked to log in to subscribe).
  { name: 'subscribe', screen: () => import('../features/billing/routes/subscribe') },
  { name: 'college-subscribe', screen: () => import('../features/billing/routes/college-subscribe') },
  { name: 'campaign-pool-party', screen: () => import('../features/billing/routes/campaign-pool-party') },
  // The sports screens. College screens need college access (the first month after sign-up, a membership).
  { name: 'free-football-odds', needsData: true, screen: () => import('../features/sports/routes/free-football-odds') },
  {
    name: 'free-college-football-odds',
    needsData: true,
    screen: () => import('../features/sports/routes/free-college-football-odds'),
  },
  {
    name: 'football-schedule',
    needsData: true,
    guards: ['auth'],
    screen: withGameActions(() => import('../features/sports/routes/football-schedule')),
  },
  {
    name: 'football-season-schedule',
    needsData: true,
    guards: ['auth'],
    screen: withGameActions(() => import('../features/sports/routes/football-season-schedule')),
  },
  {
    name: 'football-v2-season',
    needsData: true,
    guards: ['auth'],
    screen: withGameActions(() => import('../features/sports/routes/football-v2-season')),
  },
  {
    name: 'concept-football-schedule',
    needsData: true,
    guards: ['auth'],
    screen: withGameActions(() => import('../features/sports/routes/concept-football-schedule')),
  },
  {
    name: 'football-conference-afc',
    needsData: true,
    guards: ['auth'],
    screen: () => import('../features/sports/routes/football-conference-afc'),
  },
  {
    name: 'football-conference-nfc',
    needsData: true,
    guards: ['auth'],
    screen: () => import('../features/sports/routes/football-conference-nfc'),
  },
  {
    name: 'football-team',
    needsData: true,
    guards: ['auth'],
    prefetch: teamScreenData(NFL),
    screen: withBetSlip(() => import('../features/sports/routes/football-team')),
  },
  {
    name: 'football-odds',
    needsData: true,
    guards: ['auth'],
    screen: withBetSlip(() => import('../features/sports/routes/football-odds')),
  },
  {
    name: 'classic-football',
    needsData: true,
    guards: ['auth'],
    screen: withGameActions(() => import('../features/sports/routes/classic-football')),
  },
  {
    name: 'classic-football-schedule',
    needsData: true,
    guards: ['auth'],
    screen: withGameActions(() => import('../features/sports/routes/classic-football-schedule')),
  },
  {
    name: 'football-2024-schedule',
    needsData: true,
    guards: ['auth'],
    screen: withGameActions(() => import('../features/sports/routes/football-2024-schedule')),
  },
  {
    name: 'football-2024-season-schedule',
    needsData: true,
    guards: ['auth'],
    screen: withGameActions(() => import('../features/sports/routes/football-2024-season-schedule')),
  },
  {
    name: 'football-2024-team',
    needsData: true,
    guards: ['auth'],
    prefetch: teamScreenData(NFL, 2024),
    screen: withBetSlip(() => import('../features/sports/routes/football-2024-team')),
  },
  {
    name: 'football-2023-schedule',
    needsData: true,
    guards: ['season'],
    sportStore: { sport: NFL, season: 2023 },
    screen: withGameActions(() => import('../features/sports/routes/football-2023-schedule')),
  },
  {
    name: 'football-2023-season-schedule',
    needsData: true,
    guards: ['season'],
    sportStore: { sport: NFL, season: 2023 },
    screen: withGameActions(() => import('../features/sports/routes/football-2023-season-schedule')),
  },
  {
    name: 'football-2023-team',
    needsData: true,
    guards: ['season'],
    sportStore: { sport: NFL, season: 2023 },
    prefetch: teamScreenData(NFL, 2023),
    screen: withBetSlip(() => import('../features/sports/routes/football-2023-team')),
  },
  {
    name: 'ncaa-football-schedule',
    needsData: true,
    guards: ['college'],
    screen: withGameActions(() => import('../features/sports/routes/ncaa-football-schedule')),
  },
  {
    name: 'ncaa-football-conferences',
    needsData: true,
    guards: ['college'],
    screen: () => import('../features/sports/routes/ncaa-football-conferences'),
  },
  {
    name: 'ncaa-football-team',
    needsData: true,
    guards: ['college'],
    prefetch: teamScreenData(NCAAF),
    screen: withBetSlip(() => import('../features/sports/routes/ncaa-football-team')),
  },
  {
    name: 'ncaa-football-odds',
    needsData: true,
    guards: ['college'],
    screen: withBetSlip(() => import('../features/sports/routes/ncaa-football-odds')),
  },
  {
    name: 'baseball-menu',
    needsData: true,
    guards: ['season'],
    sportStore: { sport: MLB },
    screen: withSportPools(() => import('../features/sports/routes/baseball-menu'), MLB, 'baseball'),
  },
  {
    name: 'baseball-home',
    needsData: true,
    guards: ['season'],
    sportStore: { sport: MLB },
    screen: () => import('../features/sports/routes/baseball-home'),
  },
  {
    name: 'baseball-schedule',
    needsData: true,
    guards: ['season'],
    sportStore: { sport: MLB },
    screen: withGameActions(() => import('../features/sports/routes/baseball-schedule')),
  },
  {
    name: 'baseball-season-schedule',
    needsData: true,
    guards: ['season'],
    sportStore: { sport: MLB },
    screen: withGameActions(() => import('../features/sports/routes/baseball-season-schedule')),
  },
  {
    name: 'baseball-team',
    needsData: true,
    guards: ['season'],
    sportStore: { sport: MLB },
    prefetch: teamScreenData(MLB),
    screen: withBetSlip(() => import('../features/sports/routes/baseball-team')),
  },
  {
    name: 'compare-books',
    needsData: true,
    guards: ['auth'],
    screen: withBetSlip(() => import('../features/sports/routes/compare-books')),
  },
  {
    name: 'compare-books-event',
    needsData: true,
    guards: ['auth'],
    screen: withBetSlip(() => import('../features/sports/routes/compare-books-event')),
  },
  { name: 'almanac', needsData: true, guards: ['auth'], screen: () => import('../features/sports/routes/almanac') },
  {
    name: 'admin-almanac',
    needsData: true,
    guards: ['admin'],
    screen: withAdminSections(() => import('../features/sports/routes/admin-almanac')),
  },
  { name: 'admin', guards: ['admin'], screen: withAdminShell() },
  {
    name: 'admin-plan-detail',
    guards: ['admin'],
    screen: () => import('../features/billing/routes/admin-plan-detail'),
  },
  { name: 'user-bets', needsData: true, guards: ['auth'], screen: () => import('./bets/user-bets-page') },
  {
    name: 'user-stats',
    needsData: true,
    guards: ['auth'],
    screen: () => import('../features/stats/routes/user-stats'),
  },
  {
    name: 'teller-place-bet',
    needsData: true,
    guards: ['auth'],
    screen: () => import('./teller/teller-page'),
  },
  // Pool Party: the lists, creating a pool, invitations and joining. The accept link is open to visitors (it
  // sends them to log in and back).
  { name: 'pool-party', guards: ['auth'], screen: () => import('../features/pools/routes/pool-party') },
  { name: 'chat', guards: ['auth'], screen: () => import('../features/chat/routes/chat') },
  { name: 'football-pools', guards: ['auth'], screen: () => import('../features/pools/routes/football-pools') },
  {
    name: 'ncaa-football-pools',
    guards: ['college'],
    screen: () => import('../features/pools/routes/ncaa-football-pools'),
  },
  {
    name: 'classic-football-pools',
    guards: ['auth'],
    screen: () => import('../features/pools/routes/classic-football-pools'),
  },
  {
    name: 'football-2024-pools',
    guards: ['auth'],
    screen: () => import('../features/pools/routes/football-2024-pools'),
  },
  {
    name: 'football-2023-pools',
    guards: ['auth'],
    screen: () => import('../features/pools/routes/football-2023-pools'),
  },
  { name: 'invite', guards: ['auth'], screen: () => import('../features/pools/routes/invite') },
  { name: 'pool-party-accept', screen: () => import('./pool-invitation/accept-page') },
  { name: 'pool-party-invite-error', screen: () => import('../features/pools/routes/pool-party-invite-error') },
  { name: 'season-2024', guards: ['auth'], screen: () => import('../features/pools/routes/season-2024') },
  { name: 'season-2025', guards: ['auth'], screen: () => import('../features/pools/routes/season-2025') },
  { name: 'football-2023-menu', guards: ['auth'], screen: () => import('../features/pools/routes/football-2023-menu') },
  // Pool Party: one pool (members only; the API answers 404 to anyone else, shown as the not-found page).
  {
    name: 'football-pool',
    guards: ['auth'],
    screen: withPoolChat(() => import('../features/pools/routes/football-pool')),
  },
  {
    name: 'ncaa-football-pool',
    guards: ['college'],
    screen: withPoolChat(() => import('../features/pools/routes/ncaa-football-pool')),
  },
  {
    name: 'classic-football-pool',
    guards: ['auth'],
    screen: withPoolChat(() => import('../features/pools/routes/classic-football-pool')),
  },
  {
    name: 'football-2024-pool',
    guards: ['auth'],
    screen: withPoolChat(() => import('../features/pools/routes/football-2024-pool')),
  },
  {
    name: 'football-2023-pool',
    guards: ['auth'],
    screen: withPoolChat(() => import('../features/pools/routes/football-2023-pool')),
  },
  // The demo: open to everyone.
  {
    name: 'demo',
    needsData: true,
    prefetch: demoReplayData,
    screen: () => import('../features/replay/routes/demo'),
  },
  {
    name: 'welcome',
    needsData: true,
    prefetch: demoReplayData,
    screen: () => import('../features/replay/routes/welcome'),
  },
  { name: 'demo-charts', needsData: true, screen: () => import('../features/replay/routes/demo-charts') },
  { name: 'demo-modal', needsData: true, screen: () => import('../features/replay/routes/demo-modal') },
];

/** What a route tells the layout (`useMatches()`). */
export interface ScreenHandle {
  needsData: boolean;
}

/**
 * A route object: the guards run as its loader (segments first, never blocking), the screen loads lazily.
 * The season guard loads the sport store into `queryClient`, the app's, so the screen finds it there.
 */
export function toRouteObject(
  { name, guards = [], sportStore, needsData = false, screen, prefetch }: ScreenRoute,
  queryClient: QueryClient = new QueryClient(),
): RouteObject {
  const handle: ScreenHandle = { needsData };
  return {
    id: name,
    path: paths[name],
    handle,
    loader: async ({ request, params }: LoaderFunctionArgs) => {
      segmentsGuard(name, request);
      for (const guard of guards) {
        if (guard === 'auth') await authGuard(request);
        if (guard === 'admin') await adminGuard(request);
        if (guard === 'college') await collegeGuard(request);
        if (guard === 'reset-token') await resetTokenGuard(request);
        if (guard === 'season' && sportStore) {
          const season = params.season && /^\d{4}$/.test(params.season) ? Number(params.season) : sportStore.season;
          await seasonGuard(() => loadSportStore(queryClient, sportStore.sport, season));
        }
      }
      void prefetch?.(queryClient, params, new URL(request.url)).catch(() => undefined);
      return null;
    },
    ErrorBoundary: RouteError,
    lazy: async () => ({ Component: (await screen()).default }),
  };
}

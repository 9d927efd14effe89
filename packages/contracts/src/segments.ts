import { z } from 'zod';
import { SingleLine } from './boundary.js';

/**
 * The web app's routes by name (spec/routes.md); apps/web/src/config/paths.ts gives each its path, and the
 * compiler holds the two lists equal. Page views are counted for these names only.
 */
export const ROUTE_NAMES = [
  'home',
  'menu',
  'privacy',
  'tos',
  'pool-party-rules',
  'about',
  'about-changes',
  'pitch-deck',
  'coming-soon',
  'mail-signature',
  'brand-assets',
  'refresh',
  'login',
  'signin',
  'login-sso',
  'login-error',
  'signup',
  'register-new',
  'register-with-google',
  'password-reset',
  'passwd',
  'account-verify',
  'account-email-revert',
  'account-setup',
  'logout',
  'user-profile',
  'unsubscribe',
  'free-football-odds',
  'free-college-football-odds',
  'football-schedule',
  'football-season-schedule',
  'football-v2-season',
  'concept-football-schedule',
  'football-conference-afc',
  'football-conference-nfc',
  'football-team',
  'football-odds',
  'classic-football',
  'classic-football-schedule',
  'football-2024-schedule',
  'football-2024-season-schedule',
  'football-2024-team',
  'football-2023-schedule',
  'football-2023-season-schedule',
  'football-2023-team',
  'ncaa-football-schedule',
  'ncaa-football-conferences',
  'ncaa-football-team',
  'ncaa-football-odds',
  'baseball-menu',
  'baseball-home',
  'baseball-schedule',
  'baseball-season-schedule',
  'baseball-team',
  'compare-books',
  'compare-books-event',
  'almanac',
  'admin-almanac',
  'college-subscribe',
  'football-pools',
  'ncaa-football-pools',
  'football-pool',
  'ncaa-football-pool',
  'classic-football-pool',
  'football-2024-pool',
  'football-2023-pool',
  'pool-party',
  'invite',
  'pool-party-accept',
  'pool-party-invite-error',
  'chat',
  'classic-football-pools',
  'football-2024-pools',
  'football-2023-pools',
  'football-2023-menu',
  'season-2024',
  'season-2025',
  'subscribe',
  'campaign-pool-party',
  'demo',
  'welcome',
  'demo-charts',
  'demo-modal',
  'user-bets',
  'user-stats',
  'teller-place-bet',
  'admin',
  'admin-plan-detail',
] as const;

export const RouteName = z.enum(ROUTE_NAMES, {
  error: 'must be the name of a route of the web app, such as "home" or "football-schedule"',
});
export type RouteName = z.infer<typeof RouteName>;

/** The most parameters a counted query may have (a screen's own have a handful). */
export const MAX_SEGMENT_PARAMETERS = 10;

/**
 * `GET /api/segments`: the segments guard reports the route it is entering (`_route`) and that route's
 * query parameters. The server counts page views per route and query; it records nothing personal.
 */
export const SegmentsQuery = z
  .object({
    _route: RouteName,
  })
  .catchall(z.union([SingleLine.max(200), z.array(SingleLine.max(200)).max(10)]))
  .refine((query) => Object.keys(query).length <= MAX_SEGMENT_PARAMETERS + 1, {
    message: `must have at most ${MAX_SEGMENT_PARAMETERS} parameters besides _route`,
  });
export type SegmentsQuery = z.infer<typeof SegmentsQuery>;

export const SegmentsResponse = z.object({
  recorded: z.boolean(),
});
export type SegmentsResponse = z.infer<typeof SegmentsResponse>;

export const PageViewsQuery = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export type PageViewsQuery = z.infer<typeof PageViewsQuery>;

/** `GET /api/admin/page-views`: views per route and query over the last `days` days, most viewed first. */
export const PageViewsResponse = z.object({
  data: z.array(z.object({ route: z.string(), query: z.string(), views: z.number().int() })),
});
export type PageViewsResponse = z.infer<typeof PageViewsResponse>;

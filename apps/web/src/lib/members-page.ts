import { matchPath } from 'react-router';
import { paths, type RouteName } from '../config/paths';

/**
 * What a members' screen is, in a sentence, with what logging in gives: the login screen shows it when a
 * visitor arrives from a link to that screen (its `redirect`), so a click never ends at a bare form.
 */
const EXPLANATIONS: Partial<Record<RouteName, string>> = {
  'user-bets': 'My Bets lists every pick and bet you record, graded the moment each game ends. Log in to see yours.',
  'user-stats': 'My Stats shows your record, ROI and units by team, week, kind of bet and book. Log in to see yours.',
  'teller-place-bet':
    'The teller places simulated moneyline bets from a paper bankroll, graded like real ones. Log in to use yours.',
  almanac:
    "The almanac gives each team's record straight up, against the spread and over/under, and what backing or fading it paid. Log in to open it.",
  'football-odds':
    "The odds board shows every book's latest NFL lines, with each game's line history. Log in to open it.",
  'ncaa-football-odds': "The college odds board shows every book's latest college football lines. Log in to open it.",
  'compare-books':
    "Compare books sets each game's prices from every sportsbook side by side and marks the best. Log in to open it.",
  'compare-books-event':
    "Compare books sets this game's prices from every sportsbook side by side and marks the best. Log in to open it.",
  'football-schedule':
    'Pro Season is the NFL schedule, week by week, with scores, lines and your picks under each game. Log in to see it.',
  'football-team': "A team's page shows its games, results, lines and trends. Log in to see it.",
  'ncaa-football-schedule':
    'College Season is the FBS schedule, week by week, with scores, lines and your picks. Log in to see it.',
  'pool-party':
    "Pool Party runs your office pick'em pool: weekly picks, standings and a chat room. Log in to see your pools.",
  'football-pools':
    "Pool Party runs your office pick'em pool: weekly picks, standings and a chat room. Log in to see your pools.",
  'football-pool': 'A pool page shows the week’s picks, the standings and the chat room. Log in to see this pool.',
  'season-2025': "A season's menu gathers its schedule, your picks and your pools of that season. Log in to open it.",
  invite: 'Invite friends sends invitations to your pool. Log in to send yours.',
  'user-profile': 'Your profile holds your name, email address and password. Log in to see it.',
  'account-setup': 'Account setup finishes your new account. Log in to continue.',
};

/** Screens that share another's explanation (older seasons of the same screen, say). */
const SAME_AS: Partial<Record<RouteName, RouteName>> = {
  'football-season-schedule': 'football-schedule',
  'football-v2-season': 'football-schedule',
  'concept-football-schedule': 'football-schedule',
  'classic-football': 'football-schedule',
  'classic-football-schedule': 'football-schedule',
  'football-2024-schedule': 'football-schedule',
  'football-2024-season-schedule': 'football-schedule',
  'football-2024-team': 'football-team',
  'football-conference-afc': 'football-schedule',
  'football-conference-nfc': 'football-schedule',
  'ncaa-football-conferences': 'ncaa-football-schedule',
  'ncaa-football-team': 'football-team',
  'ncaa-football-pools': 'football-pools',
  'classic-football-pools': 'football-pools',
  'football-2024-pools': 'football-pools',
  'football-2023-pools': 'football-pools',
  'ncaa-football-pool': 'football-pool',
  'classic-football-pool': 'football-pool',
  'football-2024-pool': 'football-pool',
  'football-2023-pool': 'football-pool',
  'season-2024': 'season-2025',
  'football-2023-menu': 'season-2025',
};

/** The route a path on this site shows, if any: exact paths before those with parameters. */
export function routeOfPath(pathname: string): RouteName | undefined {
  const names = (Object.keys(paths) as RouteName[]).sort(
    (a, b) => Number(paths[a].includes(':')) - Number(paths[b].includes(':')),
  );
  return names.find((name) => matchPath({ path: paths[name], end: true }, pathname) !== null);
}

/**
 * What the screen at `destination` (a path with its query) is, for a visitor asked to log in first; a general
 * line for any other members' screen; null for none (no destination, or the home page).
 */
export function explainMembersPage(destination: string | null): string | null {
  if (!destination || !destination.startsWith('/') || destination.startsWith('//')) return null;
  const pathname = new URL(destination, 'http://pass.invalid').pathname;
  const route = routeOfPath(pathname);
  if (route === 'home') return null;
  const explained = route ? (EXPLANATIONS[route] ?? EXPLANATIONS[SAME_AS[route] ?? route]) : undefined;
  return explained ?? 'The page you opened is for members. Log in to open it.';
}

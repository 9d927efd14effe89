import { gamesChannel, memberChannel, type SportKey } from '@pass/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LiveConnection, liveSocketUrl, type LiveSocketLike } from './live-connection';
import { useSessionUser } from './use-session-user';

/**
 * What screens say they show, for the tab's one live socket (live-connection.ts). Members only: a visitor's
 * screens read as before, on their own schedule.
 *
 * - `useLiveGames(sport, season, weeks)`: the games of those weeks move as they are played (score, status, live
 *   state) in every query that holds them, without a request.
 * - `useLiveEntries()`: the member's own channel: the ledger queries (My Bets, the home's entries, stats) ask again
 *   when their games change or are graded, the chat rooms' unread marks when a post arrives (the navigation
 *   holds it on every screen).
 */

const connections = new WeakMap<QueryClient, LiveConnection>();

/** The tab's connection for the app's query client (a test's own client gets its own). */
export function liveConnectionFor(queryClient: QueryClient): LiveConnection {
  let connection = connections.get(queryClient);
  if (!connection) {
    connection = new LiveConnection({
      queryClient,
      openSocket: () => new WebSocket(liveSocketUrl()) as LiveSocketLike,
    });
    connections.set(queryClient, connection);
  }
  return connection;
}

/** Holds the channels while the screen is shown and the member is signed in. */
function useLiveChannels(channels: readonly string[]) {
  const queryClient = useQueryClient();
  const signedIn = useSessionUser() !== null;
  const key = channels.join(' ');
  useEffect(() => {
    if (!signedIn || key === '') return;
    return liveConnectionFor(queryClient).hold(key.split(' '));
  }, [queryClient, signedIn, key]);
}

/** Live scores and statuses for the games of these weeks of a sport's season (nothing while either is unknown). */
export function useLiveGames(sport: SportKey, season: number | undefined, weeks: readonly (number | undefined)[]) {
  useLiveChannels(
    season === undefined
      ? []
      : weeks.filter((week): week is number => week !== undefined).map((week) => gamesChannel(sport, season, week)),
  );
}

/**
 * The member's own channel: their entries read again when their games change or are graded, and their chat rooms'
 * unread marks when a post arrives (the navigation holds it on every screen).
 */
export function useLiveEntries(enabled = true) {
  const user = useSessionUser();
  useLiveChannels(user && enabled ? [memberChannel(user.id)] : []);
}

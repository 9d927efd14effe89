import type { SportKey, StatsResponse } from '@pass/contracts';
import type { MoneyKind } from '@pass/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getSessionUser } from '../../../lib/session-user';
import { LEDGER_KEY, STORED_STATS_PREFIX } from '../../../lib/ledger-cache';
import { cachedFetch } from '../../../lib/stored-cache';

/** The stats summary is kept 60 s (spec section 9), per user. */
const STORED_SECONDS = 60;
/** The shape of the kept answer: entries of an older shape are discarded rather than shown. */
const STORED_VERSION = 3;

const userUuid = () => String(getSessionUser()?.id ?? 'anonymous');

/**
 * The screen shows totals only, so it asks without the summary rows (most of the answer's size); of one kind
 * of money, real unless chosen otherwise, with each kind's totals beside it.
 */
export function getStats(
  sport: SportKey,
  season: number,
  money: MoneyKind = 'real',
  signal?: AbortSignal,
): Promise<StatsResponse> {
  return cachedFetch(
    `${STORED_STATS_PREFIX}${sport}:${season}:${money}`,
    { userUuid: userUuid(), ttlSeconds: STORED_SECONDS, version: STORED_VERSION },
    () =>
      api.get<StatsResponse>(`/api/user/stats/${sport}/season/${season}`, {
        query: { rows: 'none', money },
        signal,
      }),
  );
}

export const statsQuery = (sport: SportKey, season: number, money: MoneyKind = 'real') =>
  queryOptions({
    queryKey: [LEDGER_KEY, 'stats', sport, season, money],
    queryFn: ({ signal }) => getStats(sport, season, money, signal),
    staleTime: STORED_SECONDS * 1000,
  });

export const useStats = (sport: SportKey, season: number | undefined, money: MoneyKind = 'real') =>
  useQuery({ ...statsQuery(sport, season ?? 0, money), enabled: season !== undefined });

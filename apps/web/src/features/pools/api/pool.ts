import type {
  AnnouncementListResponse,
  AnnouncementResponse,
  HeadToHeadResponse,
  LiveStandingsResponse,
  MissingPicksResponse,
  PoolEditListResponse,
  PoolResponse,
  PointsPossibleResponse,
  PoolStandingsResponse,
  PoolWeekResponse,
  RemindBody,
  RemindResponse,
  RunAgainResponse,
  SubmitPicksBody,
  SurvivorBoardResponse,
  WeeklyResultsResponse,
  WhatIfResponse,
} from '@pass/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';

/** The pool API (decision 027): everything under `/api/pools/{id}`; a pool the caller is not in answers 404. */
const base = (poolId: number) => `/api/pools/${poolId}`;

export const poolKeys = {
  all: (poolId: number) => ['pools', poolId] as const,
  week: (poolId: number, week: number) => ['pools', poolId, 'week', week] as const,
};

export const poolQuery = (poolId: number) =>
  queryOptions({
    queryKey: [...poolKeys.all(poolId), 'detail'],
    queryFn: ({ signal }) => api.get<PoolResponse>(base(poolId), { signal }),
  });

export const poolWeekQuery = (poolId: number, week: number) =>
  queryOptions({
    queryKey: poolKeys.week(poolId, week),
    queryFn: ({ signal }) => api.get<PoolWeekResponse>(`${base(poolId)}/weeks/${week}`, { signal }),
    // Locks and revealed picks change with time: read again every minute while the page is open.
    refetchInterval: 60_000,
  });

/** Null for an address whose id is not a number: nothing to ask. */
export function usePool(poolId: number | null) {
  return useQuery({ ...poolQuery(poolId ?? 0), enabled: poolId !== null });
}

export function usePoolWeek(poolId: number, week: number | null) {
  return useQuery({ ...poolWeekQuery(poolId, week ?? 0), enabled: week !== null });
}

/** The sport's current week (the dates API), where the pick sheet opens. */
export function useSportCurrentWeek(sport: string, season: number) {
  return useQuery({
    queryKey: ['sports', sport, 'current-week', season],
    queryFn: ({ signal }) =>
      api.get<{ number: number }>(`/api/dates/${sport}/current-week`, { query: { season_year: season }, signal }),
    staleTime: 30_000,
  });
}

export function useStandings(poolId: number) {
  return useQuery({
    queryKey: [...poolKeys.all(poolId), 'standings'],
    queryFn: ({ signal }) => api.get<PoolStandingsResponse>(`${base(poolId)}/standings`, { signal }),
  });
}

export function useResults(poolId: number) {
  return useQuery({
    queryKey: [...poolKeys.all(poolId), 'results'],
    queryFn: ({ signal }) => api.get<WeeklyResultsResponse>(`${base(poolId)}/results`, { signal }),
  });
}

/** The survivor board of a Last Man Standing pool. */
export function useSurvivorBoard(poolId: number) {
  return useQuery({
    queryKey: [...poolKeys.all(poolId), 'survivors'],
    queryFn: ({ signal }) => api.get<SurvivorBoardResponse>(`${base(poolId)}/survivors`, { signal }),
    // Teams are revealed as their games lock: read again every minute while the board is open.
    refetchInterval: 60_000,
  });
}

export function useHeadToHead(poolId: number, a: number | null, b: number | null) {
  return useQuery({
    queryKey: [...poolKeys.all(poolId), 'head-to-head', a, b],
    queryFn: ({ signal }) => api.get<HeadToHeadResponse>(`${base(poolId)}/head-to-head/${a}/${b}`, { signal }),
    enabled: a !== null && b !== null && a !== b,
  });
}

export function useWhatIf(poolId: number, rules: string[]) {
  return useQuery({
    queryKey: [...poolKeys.all(poolId), 'what-if', rules.join(',')],
    queryFn: ({ signal }) =>
      api.get<WhatIfResponse>(`${base(poolId)}/what-if`, { query: { rules: rules.join(',') }, signal }),
    enabled: rules.length > 0,
  });
}

/**
 * What the standings if the games ended now are worked out from in the browser (decision 072): read again when
 * a game of the week starts, locks or ends (`playedKey`), never as a score moves (the week's live frames carry
 * the scores). The last answer stays on screen while the next is read.
 */
export function useLiveStandings(poolId: number, playedKey: string, enabled: boolean) {
  return useQuery({
    queryKey: [...poolKeys.all(poolId), 'live-standings', playedKey],
    queryFn: ({ signal }) => api.get<LiveStandingsResponse>(`${base(poolId)}/live-standings`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useAnnouncements(poolId: number) {
  return useQuery({
    queryKey: [...poolKeys.all(poolId), 'announcements'],
    queryFn: ({ signal }) => api.get<AnnouncementListResponse>(`${base(poolId)}/announcements`, { signal }),
  });
}

export function useEdits(poolId: number) {
  return useQuery({
    queryKey: [...poolKeys.all(poolId), 'edits'],
    queryFn: ({ signal }) => api.get<PoolEditListResponse>(`${base(poolId)}/edits`, { signal }),
  });
}

export function useMissingPicks(poolId: number, week: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...poolKeys.all(poolId), 'missing', week],
    queryFn: ({ signal }) => api.get<MissingPicksResponse>(`${base(poolId)}/weeks/${week}/missing`, { signal }),
    enabled: enabled && week !== null,
  });
}

/** After any change the pool's derived views (standings, grid, edits) are read again. */
function useInvalidatePool(poolId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: poolKeys.all(poolId) });
}

/** The caller's week, sent whole with an Idempotency-Key (a retry of the same body reuses it). */
export function useSubmitPicks(poolId: number, week: number) {
  const invalidate = useInvalidatePool(poolId);
  return useMutation({
    mutationFn: ({ body, key }: { body: SubmitPicksBody; key: string }) =>
      apiRequest<PoolWeekResponse>(`${base(poolId)}/weeks/${week}/picks`, {
        method: 'PUT',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: invalidate,
  });
}

/** The Lifeguard publishes the week's slate (again, until its first kickoff); the spreads freeze then. */
export function usePublishSlate(poolId: number, week: number) {
  const invalidate = useInvalidatePool(poolId);
  return useMutation({
    mutationFn: (eventIds: number[]) =>
      apiRequest<PoolWeekResponse>(`${base(poolId)}/weeks/${week}/slate`, {
        method: 'PUT',
        body: { event_ids: eventIds },
      }),
    onSuccess: invalidate,
  });
}

/** The Lifeguard enters or corrects a member's picks before they lock. */
export function useEditMemberPicks(poolId: number, week: number) {
  const invalidate = useInvalidatePool(poolId);
  return useMutation({
    mutationFn: ({ memberId, body }: { memberId: number; body: SubmitPicksBody }) =>
      apiRequest<PoolWeekResponse>(`${base(poolId)}/weeks/${week}/members/${memberId}/picks`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/**
 * The Lifeguard reminds members missing picks of the week now: the members named, or every one missing a pick.
 * The answer says per member whether it went; the missing picks are read again for "reminded … ago".
 */
export function useRemind(poolId: number, week: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RemindBody) => api.post<RemindResponse>(`${base(poolId)}/weeks/${week}/reminders`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...poolKeys.all(poolId), 'missing'] }),
  });
}

/** The Lifeguard removes a guest; the pool's members and derived views are read again. */
export function useRemoveMember(poolId: number) {
  const invalidate = useInvalidatePool(poolId);
  return useMutation({
    mutationFn: (memberId: number) =>
      apiRequest<{ data: { ok: true } }>(`${base(poolId)}/members/${memberId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function usePostAnnouncement(poolId: number) {
  const invalidate = useInvalidatePool(poolId);
  return useMutation({
    mutationFn: (body: string) => api.post<AnnouncementResponse>(`${base(poolId)}/announcements`, { body }),
    onSuccess: invalidate,
  });
}

export function useEndPool(poolId: number) {
  const invalidate = useInvalidatePool(poolId);
  return useMutation({
    mutationFn: () => api.post<PoolResponse>(`${base(poolId)}/end`),
    onSuccess: invalidate,
  });
}

/**
 * The Lifeguard runs a pool whose season is over again as next season's (`POST /api/pools/{id}/again`): the
 * server makes it once, so a second click answers the same new pool.
 */
export function useRunAgain(poolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RunAgainResponse>(`${base(poolId)}/again`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pools'] }),
  });
}

export function usePointsPossible(poolId: number, week: number | null) {
  return useQuery({
    queryKey: [...poolKeys.all(poolId), 'possible', week],
    queryFn: ({ signal }) => api.get<PointsPossibleResponse>(`${base(poolId)}/weeks/${week}/possible`, { signal }),
    enabled: week !== null,
  });
}

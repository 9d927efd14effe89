import type { OutsideDivision, SportKey, SportTeam, TeamsResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getTeams(sport: SportKey, signal?: AbortSignal): Promise<TeamsResponse> {
  return api.get<TeamsResponse>(`/api/sport/${sport}/teams`, { signal });
}

export const teamsQuery = (sport: SportKey) =>
  queryOptions({
    queryKey: ['sports', sport, 'teams'],
    queryFn: ({ signal }) => getTeams(sport, signal),
    // Teams change between seasons, not between page views.
    staleTime: 60 * 60_000,
  });

export function useTeams(sport: SportKey) {
  return useQuery(teamsQuery(sport));
}

/** The team an address names: by abbreviation, name or alias, in any case. */
export function findTeam(response: TeamsResponse | undefined, param: string): SportTeam | undefined {
  const key = param.toLowerCase();
  return response?.teams.find(
    (entry) =>
      entry.abbv.toLowerCase() === key ||
      entry.name.toLowerCase() === key ||
      entry.aka.some((alias) => alias.toLowerCase() === key),
  );
}

/**
 * A team as game rows name it: one of the sport's teams, or a team outside its league (`outside`: an FCS opponent
 * of FBS teams), which is named but has no team page to link to.
 */
export type NamedTeam = SportTeam & { outside?: OutsideDivision };

/** The sport's teams and the opponents outside its league, by abbreviation, for naming the teams of a game. */
export function teamsByAbbv(response: TeamsResponse | undefined): ReadonlyMap<string, NamedTeam> {
  const map = new Map<string, NamedTeam>();
  for (const team of response?.opponents ?? []) {
    map.set(team.abbv, {
      abbv: team.abbv,
      name: team.name,
      nickname: team.nickname,
      aka: [],
      conference: null,
      division: null,
      outside: team.classification,
    });
  }
  for (const team of response?.teams ?? []) map.set(team.abbv, team);
  return map;
}

/** How a division outside the league is written beside a team's name. */
export const OUTSIDE_LABEL: Record<OutsideDivision, string> = { fcs: 'FCS', ii: 'Div. II', iii: 'Div. III' };

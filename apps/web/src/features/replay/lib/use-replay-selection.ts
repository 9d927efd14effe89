import type { SportKey } from '@pass/contracts';
import { useSearchParams } from 'react-router';
import { pathTo, type RouteName } from '../../../config/paths';
import { isReplaySport } from './replay-sports';

export interface ReplaySelection {
  sport: SportKey;
  /** Undefined: the server's default season. */
  season: number | undefined;
}

/** The replay's sport and season as an address's query (`?sport=&season=`) gives them. */
export function replaySelectionOf(params: URLSearchParams): ReplaySelection {
  const sportParam = params.get('sport');
  const seasonParam = params.get('season');
  return {
    sport: isReplaySport(sportParam) ? sportParam : 'americanfootball_nfl',
    season: seasonParam && /^\d{4}$/.test(seasonParam) ? Number(seasonParam) : undefined,
  };
}

/** The replay's sport and season from the address (`?sport=&season=`), so the demo screens share them. */
export function useReplaySelection() {
  const [params, setParams] = useSearchParams();
  const selection = replaySelectionOf(params);
  const select = (next: Partial<ReplaySelection>) => {
    const merged = { ...selection, ...next };
    const query = new URLSearchParams();
    if (merged.sport !== 'americanfootball_nfl') query.set('sport', merged.sport);
    if (merged.season !== undefined) query.set('season', String(merged.season));
    setParams(query, { replace: true });
  };
  return { selection, select };
}

/** A demo screen's address with the selection carried along. */
export function replayPath(name: RouteName, selection: ReplaySelection, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  if (selection.sport !== 'americanfootball_nfl') query.set('sport', selection.sport);
  if (selection.season !== undefined) query.set('season', String(selection.season));
  const text = query.toString();
  return text ? `${pathTo(name)}?${text}` : pathTo(name);
}

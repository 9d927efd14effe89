import type { PoolWeekResponse } from '@pass/contracts';
import { expect } from 'vitest';
import type { apiSessionOf } from './accounts';

/**
 * Publishes the pool's week slate of the week's last `count` games by kickoff (the Lifeguard's session). On the
 * run's shared server other files finish the week's first games (the ledger's season records bets on them and
 * enters their finals), and a slate of finished games leaves no one anything to pick: the last games stay open
 * through the run (the clock is the week's Thursday morning).
 */
export async function publishLastGames(
  lifeguard: Awaited<ReturnType<typeof apiSessionOf>>,
  poolId: number,
  week: number,
  count: number,
): Promise<PoolWeekResponse['data']> {
  const view = (await lifeguard.get<PoolWeekResponse>(`/api/pools/${poolId}/weeks/${week}`)).data;
  const last = [...view.choices].sort((a, b) => Date.parse(a.kickoff) - Date.parse(b.kickoff)).slice(-count);
  expect(last).toHaveLength(count);
  expect(last.every((game) => game.status === 'scheduled')).toBe(true);
  return (
    await lifeguard.put<PoolWeekResponse>(`/api/pools/${poolId}/weeks/${week}/slate`, {
      event_ids: last.map((game) => game.event_id),
    })
  ).data;
}

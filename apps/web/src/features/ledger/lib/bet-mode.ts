import { useState } from 'react';
import { readStoredCache, writeStoredCache } from '../../../lib/stored-cache';
import { useSessionUser } from '../../../lib/use-session-user';

/** Whether a bet was real money at a book or simulated: the member says so, never a default. */
export type BetMoney = 'real' | 'simulated';

/** Kept a year: a member's choice holds until they make another one. */
const KEPT_SECONDS = 365 * 24 * 3600;

const keyFor = (userId: number) => `bet-money:${userId}`;

export function readBetMoney(userId: number): BetMoney | null {
  const kept = readStoredCache<BetMoney>(keyFor(userId), { userUuid: String(userId) });
  return kept === 'real' || kept === 'simulated' ? kept : null;
}

export function rememberBetMoney(userId: number, money: BetMoney): void {
  writeStoredCache(keyFor(userId), money, { userUuid: String(userId), ttlSeconds: KEPT_SECONDS });
}

/**
 * The member's last choice of real or simulated, per member in the stored cache (docs/decisions/036): null
 * until they first choose, so the first bet asks; after that the slip and the form start from it.
 */
export function useBetMoney(): [BetMoney | null, (money: BetMoney) => void] {
  const user = useSessionUser();
  const userId = user?.id ?? null;
  const [chosen, setChosen] = useState<{ userId: number | null; money: BetMoney | null }>(() => ({
    userId,
    money: userId === null ? null : readBetMoney(userId),
  }));
  const money = chosen.userId === userId ? chosen.money : userId === null ? null : readBetMoney(userId);
  const choose = (next: BetMoney) => {
    if (userId !== null) rememberBetMoney(userId, next);
    setChosen({ userId, money: next });
  };
  return [money, choose];
}

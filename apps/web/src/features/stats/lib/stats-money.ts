import { MONEY_KINDS, type MoneyKind } from '@pass/domain';
import { useState } from 'react';
import { readStoredCache, writeStoredCache } from '../../../lib/stored-cache';
import { useSessionUser } from '../../../lib/use-session-user';

/** Kept a year: a member's choice holds until they make another one. */
const KEPT_SECONDS = 365 * 24 * 3600;

// Not under the stats' own prefix ('stats:'), which every change to the ledger clears.
const keyFor = (userId: number) => `stats-money:${userId}`;

const isMoneyKind = (value: unknown): value is MoneyKind => MONEY_KINDS.includes(value as MoneyKind);

export function readStatsMoney(userId: number): MoneyKind {
  const kept = readStoredCache<MoneyKind>(keyFor(userId), { userUuid: String(userId) });
  return isMoneyKind(kept) ? kept : 'real';
}

export function rememberStatsMoney(userId: number, money: MoneyKind): void {
  writeStoredCache(keyFor(userId), money, { userUuid: String(userId), ttlSeconds: KEPT_SECONDS });
}

/**
 * The kind of money My Stats shows: real money until the member chooses another, then their choice, kept per
 * member on this device (docs/decisions/078-real-money-apart).
 */
export function useStatsMoney(): [MoneyKind, (money: MoneyKind) => void] {
  const user = useSessionUser();
  const userId = user?.id ?? null;
  const [chosen, setChosen] = useState<{ userId: number | null; money: MoneyKind }>(() => ({
    userId,
    money: userId === null ? 'real' : readStatsMoney(userId),
  }));
  const money = chosen.userId === userId ? chosen.money : userId === null ? 'real' : readStatsMoney(userId);
  const choose = (next: MoneyKind) => {
    if (userId !== null) rememberStatsMoney(userId, next);
    setChosen({ userId, money: next });
  };
  return [money, choose];
}

import { BetKind, BetMode, BetType } from '@pass/domain';
import { describe, expect, it } from 'vitest';
import { betEntry, bookEvent } from '../../../testing/ledger-fixtures';
import { entryChangeForm, NewEntryForm, valuesForGame, valuesOfEntry, type BetFormValues } from './bet-form-values';

/** A bet on KC at betus's latest spread (−3, −115), simulated, $110. */
const bet: BetFormValues = { ...valuesForGame(bookEvent), stake: '110', is_simulated: true };

/** Each problem by the request body's field it names. */
function problemsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('a new entry', () => {
  it('becomes the request body the contract takes', () => {
    expect(NewEntryForm.parse(bet)).toEqual({
      event_id: 101,
      bet_mode: BetMode.bet_on,
      bet_kind: BetKind.spread,
      bet_type: BetType.favored,
      bet_team: 'KC',
      line: -3,
      price: -115,
      stake: 110,
      book: 'betus',
      is_simulated: true,
    });
  });

  it('sends a pick without price or stake, simulated, with its play, and a total without a team', () => {
    const pick = { ...bet, bet_mode: BetMode.pick_on, is_simulated: null, multiplier: 3 as const };
    expect(NewEntryForm.parse(pick)).toMatchObject({ price: null, stake: null, is_simulated: true, multiplier: 3 });
    const total = { ...bet, bet_kind: BetKind.totals, bet_team: 'Under', line: '47.5', bet_type: BetType.under };
    expect(NewEntryForm.parse(total)).toMatchObject({ bet_team: null, bet_type: BetType.under, line: 47.5 });
  });

  it("refuses what the contract refuses, in the contract's words, under the body's field", () => {
    expect(problemsOf(NewEntryForm.safeParse({ ...bet, price: '50', stake: '12.345' }))).toEqual({
      price: 'must not lie strictly between -100 and 100',
      stake: 'must have at most two decimals (cents)',
    });
    expect(problemsOf(NewEntryForm.safeParse({ ...bet, line: '-3.25' }))).toEqual({
      line: 'must be a whole or half point',
    });
  });

  it('asks real money or simulated of a bet, and refuses numbers typed as something else', () => {
    expect(problemsOf(NewEntryForm.safeParse({ ...bet, is_simulated: null, price: 'even' }))).toEqual({
      is_simulated: 'Choose real money or simulated.',
      price: 'must be a number',
    });
  });

  it('leaves out what a pick or a moneyline does not use, typed or not', () => {
    const pick = { ...bet, bet_mode: BetMode.pick_on, price: 'even', stake: 'lots' };
    expect(NewEntryForm.safeParse(pick).success).toBe(true);
    const moneyline = { ...bet, bet_kind: BetKind.moneyline, bet_type: BetType.to_win, line: 'none' };
    expect(NewEntryForm.parse(moneyline)).toMatchObject({ line: null, bet_type: BetType.to_win });
  });
});

describe('a change to an entry', () => {
  const entry = betEntry({ bet_type: BetType.tease_fav, line: -8.5, teaser_points: 6.5 });

  it('is what differs from the entry', () => {
    expect(entryChangeForm(entry).parse({ ...valuesOfEntry(entry), teaser_points: '7', stake: '150' })).toEqual({
      stake: 150,
      teaser_points: 7,
    });
  });

  it('refuses what the contract refuses of a change, and a change of nothing', () => {
    const form = entryChangeForm(entry);
    expect(problemsOf(form.safeParse({ ...valuesOfEntry(entry), teaser_points: '25' }))).toEqual({
      teaser_points: 'must be at most 20',
    });
    expect(form.safeParse(valuesOfEntry(entry)).success).toBe(false);
  });
});

import { MLB_HOME_TIME_ZONES, US_EASTERN } from './mlb-venues.js';

/** A game known only by the UTC date of its first pitch (the Stats API export in history/). */
export interface UtcDatedGame {
  sourceId: string;
  /** The UTC date of first pitch (YYYY-MM-DD). */
  date: string;
  home: string;
  away: string;
  /** The local date when it is known for a fact (a special venue), which is then kept as is. */
  knownLocalDate?: string | undefined;
  /** The ids of the game's starting pitchers, where known: a starter rests four days between starts. */
  starters?: readonly string[] | undefined;
}

const DAY_MS = 86_400_000;
const toDay = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const toDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Parks whose evening games start before midnight UTC (7:05 pm EDT is 23:05 UTC). */
const EASTERN_ZONES = new Set(['America/New_York', 'America/Toronto', 'America/Detroit']);
/**
 * Central parks split: most evening first pitches are at 6:40 or 6:45 pm (23:40 UTC, the same date), but
 * Houston's and Texas's are at 7:05 or 7:10 pm (the next UTC date), as everywhere further west.
 */
const CENTRAL_ZONE = 'America/Chicago';
const LATE_CENTRAL_CLUBS = new Set(['HOU', 'TEX']);

/*
 * The costs the inference weighs. A team playing two opponents on one day is next to impossible; two games
 * of one pair on one day is a doubleheader, real but rare; the rest are the leanings of the clock: an
 * Eastern first pitch rarely falls after 8 pm (the next UTC day), a Central, Mountain or Pacific evening
 * first pitch always does, and Sunday games are mostly day games.
 */
const CLASH = 10;
// Counted for each of the two teams, as a clash is.
const DOUBLEHEADER = 1.5;
const OUT_OF_ORDER = 2;
const SHIFT_IN_EASTERN = 4;
const NO_SHIFT_IN_WEST = 1;
const SHIFT_ON_SUNDAY_IN_WEST = 0.5;
/**
 * A starter's next start four days or fewer after the last (under four days' rest): Retrosheet's true dates
 * have 35 such gaps in 2023 and 13 in 2024 against some 3,400 of five or six days.
 */
const STARTER_SHORT_REST = 3;
/** Games of a pair more than this many days apart belong to different series. */
const SERIES_GAP_DAYS = 2;
const MAX_PASSES = 12;

interface Slot {
  game: UtcDatedGame;
  utcDay: number;
  /** The days the game may have been played on: its UTC date, or the day before. */
  options: number[];
  cost: number[];
  chosen: number;
}

function slotOf(game: UtcDatedGame, playedDays: ReadonlySet<number>): Slot {
  const utcDay = toDay(game.date);
  // A day with no first pitch at all in the file (before Opening Day, the All-Star break) is no one's night.
  if (!playedDays.has(utcDay - 1)) return { game, utcDay, options: [utcDay], cost: [0], chosen: 0 };
  if (game.knownLocalDate) return { game, utcDay, options: [toDay(game.knownLocalDate)], cost: [0], chosen: 0 };
  const zone = MLB_HOME_TIME_ZONES[game.home] ?? US_EASTERN;
  const sunday = new Date(utcDay * DAY_MS).getUTCDay() === 0;
  const cost = EASTERN_ZONES.has(zone)
    ? [0, SHIFT_IN_EASTERN]
    : sunday
      ? [0, SHIFT_ON_SUNDAY_IN_WEST]
      : zone === CENTRAL_ZONE && !LATE_CENTRAL_CLUBS.has(game.home)
        ? [0, 0]
        : [NO_SHIFT_IN_WEST, 0];
  return { game, utcDay, options: [utcDay, utcDay - 1], cost, chosen: cost[0]! <= cost[1]! ? 0 : 1 };
}

const dayOf = (slot: Slot) => slot.options[slot.chosen]!;

/**
 * The local dates of a season's MLB games known only by the UTC date of first pitch: each is that date or
 * the day before. Each pair's games are grouped into series (consecutive days) and, series by series, the
 * shifts (0 or −1 day per game) are chosen that keep a team to one game a day where the days allow,
 * avoid either team's games in other series, keep the series in `game_pk` order (the order of the original
 * schedule), give each starting pitcher his usual four days' rest between starts, and otherwise follow the
 * clock: no shift at Eastern parks and on UTC Sundays, a shift elsewhere. The series are revisited until no
 * choice changes. Limits: decision record 025.
 */
export function inferMlbLocalDates(games: readonly UtcDatedGame[]): Map<string, string> {
  const playedDays = new Set(games.map((game) => toDay(game.date)));
  const slots = games.map((game) => slotOf(game, playedDays));
  const byTeamDay = new Map<string, Set<Slot>>();
  const key = (team: string, day: number) => `${team}|${day}`;
  const place = (slot: Slot, add: boolean) => {
    for (const team of [slot.game.home, slot.game.away]) {
      const at = key(team, dayOf(slot));
      const set = byTeamDay.get(at) ?? new Set<Slot>();
      if (add) set.add(slot);
      else set.delete(slot);
      byTeamDay.set(at, set);
    }
  };
  for (const slot of slots) place(slot, true);
  const startsOf = new Map<string, Slot[]>();
  for (const slot of slots) {
    for (const starter of slot.game.starters ?? []) {
      if (starter) startsOf.set(starter, [...(startsOf.get(starter) ?? []), slot]);
    }
  }
  /** The cost of the rest each of a game's starters gets before and after it, as the games stand. */
  const restCost = (slot: Slot) => {
    let cost = 0;
    for (const starter of slot.game.starters ?? []) {
      for (const other of startsOf.get(starter) ?? []) {
        if (other === slot) continue;
        if (Math.abs(dayOf(other) - dayOf(slot)) <= 4) cost += STARTER_SHORT_REST;
      }
    }
    return cost;
  };

  const series: Slot[][] = [];
  const byPair = new Map<string, Slot[]>();
  for (const slot of slots) {
    const pair = `${slot.game.home}|${slot.game.away}`;
    byPair.set(pair, [...(byPair.get(pair) ?? []), slot]);
  }
  for (const pairSlots of byPair.values()) {
    pairSlots.sort((a, b) => a.utcDay - b.utcDay || Number(a.game.sourceId) - Number(b.game.sourceId));
    let current: Slot[] = [];
    for (const slot of pairSlots) {
      if (current.length > 0 && slot.utcDay - current.at(-1)!.utcDay > SERIES_GAP_DAYS) {
        series.push(current);
        current = [];
      }
      current.push(slot);
    }
    if (current.length > 0) series.push(current);
  }
  series.sort((a, b) => a[0]!.utcDay - b[0]!.utcDay);

  /** The cost of a team's day holding these games: nothing for one, a doubleheader, or a clash. */
  const dayCost = (day: Set<Slot> | Slot[]) => {
    const list = [...day];
    if (list.length < 2) return 0;
    const samePair = list.every((s) => s.game.home === list[0]!.game.home && s.game.away === list[0]!.game.away);
    return (list.length - 1) * (samePair ? DOUBLEHEADER : CLASH);
  };

  const settle = (run: Slot[]): boolean => {
    const shiftable = run.filter((slot) => slot.options.length > 1);
    if (shiftable.length === 0 || shiftable.length > 12) return false;
    for (const slot of run) place(slot, false);
    const teams = [run[0]!.game.home, run[0]!.game.away];
    const days = [...new Set(run.flatMap((slot) => slot.options))];
    const before = run.map((slot) => slot.chosen);
    let best = before;
    let bestCost = Infinity;
    for (let mask = 0; mask < 1 << shiftable.length; mask++) {
      shiftable.forEach((slot, index) => (slot.chosen = (mask >> index) & 1));
      let cost = 0;
      for (const slot of run) cost += slot.cost[slot.chosen]! + restCost(slot);
      for (let index = 1; index < run.length; index++) {
        if (dayOf(run[index]!) < dayOf(run[index - 1]!)) cost += OUT_OF_ORDER;
      }
      for (const team of teams) {
        for (const day of days) {
          const others = byTeamDay.get(key(team, day)) ?? new Set<Slot>();
          cost += dayCost([...others, ...run.filter((slot) => dayOf(slot) === day)]);
        }
      }
      if (cost < bestCost) {
        bestCost = cost;
        best = run.map((slot) => slot.chosen);
      }
    }
    run.forEach((slot, index) => (slot.chosen = best[index]!));
    for (const slot of run) place(slot, true);
    return best.some((choice, index) => choice !== before[index]);
  };

  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let changed = false;
    for (const run of series) changed = settle(run) || changed;
    if (!changed) break;
  }
  return new Map(slots.map((slot) => [slot.game.sourceId, toDate(dayOf(slot))]));
}

import { byKickoff, tiebreakerGame } from './slate.js';
import {
  instantMs,
  type PoolPick,
  type PoolProblem,
  type PoolSettings,
  type SlateGame,
  type WeekSheet,
} from './types.js';

/**
 * Locks and visibility (DESIGN.md section 6): a pick can change until its game kicks off, then it locks;
 * others' picks become visible as each game locks. `now` is always passed in (the server clock).
 */

const sameTeam = (a: string, b: string) => a === b;

/** The instant a slate game's picks lock: its kickoff, or an earlier lock already reached. */
export function lockInstant(game: Pick<SlateGame, 'kickoff' | 'lockedAt'>): number {
  const kickoff = instantMs(game.kickoff);
  return game.lockedAt ? Math.min(kickoff, instantMs(game.lockedAt)) : kickoff;
}

/**
 * Whether a game's picks are locked at `now`: from its lock instant, or as soon as its status says it has
 * started (a source's clock ahead of ours must not reopen a game that is being played).
 */
export function isLocked(
  game: Pick<SlateGame, 'kickoff' | 'lockedAt'> & { status?: SlateGame['status'] },
  now: Date,
): boolean {
  return now.getTime() >= lockInstant(game) || game.status === 'in_progress' || game.status === 'final';
}

/** "BUF at KC", as refusals name a game. */
export const gameName = (game: Pick<SlateGame, 'home' | 'away'>) => `${game.away} at ${game.home}`;

/**
 * The game a Last Man Standing team is graded on: its first slate game by kickoff (a baseball team may have two on
 * one slate), else its first survivor-only game. Pass `lmsGames(week)`: the slate and the week's survivor-only
 * games. A slate team is graded on the slate's game, as before any game off the slate was kept.
 */
export function lmsGame(games: readonly SlateGame[], team: string): SlateGame | undefined {
  let chosen: SlateGame | undefined;
  for (const game of games) {
    if (game.home !== team && game.away !== team) continue;
    if (
      chosen === undefined ||
      Number(game.survivorOnly ?? false) - Number(chosen.survivorOnly ?? false) < 0 ||
      (Boolean(game.survivorOnly) === Boolean(chosen.survivorOnly) && byKickoff(game, chosen) < 0)
    ) {
      chosen = game;
    }
  }
  return chosen;
}

/**
 * The games a week's Last Man Standing picks are made on: its slate and every other game of the week kept, those
 * marked `survivorOnly`.
 */
export function lmsGames(week: {
  slate: readonly SlateGame[];
  survivorGames?: readonly SlateGame[] | undefined;
}): readonly SlateGame[] {
  if (!week.survivorGames || week.survivorGames.length === 0) return week.slate;
  return [
    ...week.slate,
    ...week.survivorGames.map((game) => (game.survivorOnly ? game : { ...game, survivorOnly: true })),
  ];
}

/** The teams of a week's games (for Last Man Standing, `lmsGames(week)`): the Last Man Standing choices. */
export function slateTeams(slate: readonly SlateGame[]): string[] {
  return [...new Set([...slate].sort(byKickoff).flatMap((game) => [game.away, game.home]))];
}

const samePick = (a: PoolPick | undefined, b: PoolPick | undefined) =>
  a?.team === b?.team && (a?.play ?? null) === (b?.play ?? null) && (a?.confidence ?? null) === (b?.confidence ?? null);

/**
 * Every problem with a member's sheet for a week, submitted at `now` over the sheet stored before
 * (`previous`, null for the first submission). Picks of games that have locked must stay as they were; a
 * refusal names the game. `usedLmsTeams`: the teams this member's Last Man Standing picks of earlier weeks
 * used (not counting picks on void games); `survivor`: whether the member is still standing.
 */
export function validateWeekSheet(input: {
  settings: Pick<PoolSettings, 'doublePlay' | 'triplePlay' | 'lastManStanding'> &
    Partial<Pick<PoolSettings, 'confidence'>>;
  slate: readonly SlateGame[];
  previous: WeekSheet | null;
  next: WeekSheet;
  /** The week's survivor-only games: Last Man Standing may take a team of them too, never a pick. */
  survivorGames?: readonly SlateGame[];
  usedLmsTeams?: readonly string[];
  survivor?: boolean;
  now: Date;
}): PoolProblem[] {
  const { settings, slate, previous, next, now } = input;
  const problems: PoolProblem[] = [];
  const games = new Map(slate.map((game) => [game.id, game]));
  const before = new Map((previous?.picks ?? []).map((pick) => [pick.gameId, pick]));
  const after = new Map<string, PoolPick>();

  for (const pick of next.picks) {
    const game = games.get(pick.gameId);
    const refuse = (reason: string, message: string) =>
      problems.push({ field: 'picks', reason, message, gameId: pick.gameId });
    if (!game) {
      refuse('not_on_slate', `Game ${pick.gameId} is not on this week's slate`);
      continue;
    }
    if (after.has(pick.gameId)) {
      refuse('duplicate', `${gameName(game)} is picked twice`);
      continue;
    }
    after.set(pick.gameId, pick);
    if (!sameTeam(pick.team, game.home) && !sameTeam(pick.team, game.away)) {
      refuse('bad_team', `${pick.team} does not play in ${gameName(game)}`);
    }
    if (pick.play && pick.play !== 'double' && pick.play !== 'triple') {
      refuse('bad_play', `A pick is a double or a triple play, not ${String(pick.play)}`);
    }
  }
  validateConfidence(input, after, before, problems);
  // A locked game's pick (its double or triple play, its confidence) stays as it was, added, changed or removed
  // alike.
  for (const game of slate) {
    if (isLocked(game, now) && !samePick(before.get(game.id), after.get(game.id))) {
      problems.push({
        field: 'picks',
        reason: 'locked',
        message: `${gameName(game)} kicked off at ${new Date(lockInstant(game)).toISOString()}; its pick is locked`,
        gameId: game.id,
      });
    }
  }

  const plays = [...after.values()].filter((pick) => pick.play);
  const doubles = plays.filter((pick) => pick.play === 'double');
  const triples = plays.filter((pick) => pick.play === 'triple');
  const refusePlay = (reason: string, message: string, gameId?: string) =>
    problems.push({ field: 'play', reason, message, ...(gameId ? { gameId } : {}) });
  if (doubles.length > 0 && !settings.doublePlay) refusePlay('double_off', 'This pool plays without double plays');
  if (triples.length > 0 && !settings.triplePlay) refusePlay('triple_off', 'This pool plays without triple plays');
  if (doubles.length > 0 && triples.length > 0) {
    refusePlay('double_and_triple', 'A week has a double play or a triple play, never both');
  } else if (doubles.length > 1 || triples.length > 1) {
    refusePlay('one_play', `A week has one ${doubles.length > 1 ? 'double' : 'triple'} play`);
  }

  validateLms(input, problems);

  const tiebreaker = next.tiebreaker ?? null;
  if (tiebreaker !== null && (!Number.isSafeInteger(tiebreaker) || tiebreaker < 0)) {
    problems.push({
      field: 'tiebreaker',
      reason: 'bad_tiebreaker',
      message: 'The tiebreaker is a whole number of points, 0 or more',
    });
  }
  const lastGame = tiebreakerGame(slate);
  if (lastGame && isLocked(lastGame, now) && tiebreaker !== (previous?.tiebreaker ?? null)) {
    problems.push({
      field: 'tiebreaker',
      reason: 'locked',
      message: `${gameName(lastGame)} has kicked off; the tiebreaker is locked`,
      gameId: lastGame.id,
    });
  }
  return problems;
}

/**
 * Confidence: in a confidence pool every pick carries a whole number from 1 to the slate's size, each used once
 * in the week (a locked pick keeps its own, so it is never free for another); elsewhere no pick carries one.
 * A locked pick left as it was is not judged again (a slate republished shorter cannot make it wrong).
 */
function validateConfidence(
  input: Parameters<typeof validateWeekSheet>[0],
  after: ReadonlyMap<string, PoolPick>,
  before: ReadonlyMap<string, PoolPick>,
  problems: PoolProblem[],
): void {
  const { settings, slate, now } = input;
  const games = new Map(slate.map((game) => [game.id, game]));
  const refuse = (reason: string, message: string, gameId: string) =>
    problems.push({ field: 'confidence', reason, message, gameId });
  const holders = new Map<number, string[]>();
  for (const pick of after.values()) {
    const game = games.get(pick.gameId)!;
    const value = pick.confidence ?? null;
    if (!settings.confidence) {
      if (value !== null) refuse('confidence_off', 'This pool plays without confidence points', pick.gameId);
      continue;
    }
    const unchangedLock = isLocked(game, now) && samePick(before.get(pick.gameId), pick);
    if (value === null) {
      if (!unchangedLock)
        refuse('confidence_required', `${gameName(game)} needs a confidence from 1 to ${slate.length}`, pick.gameId);
      continue;
    }
    if (!Number.isInteger(value) || value < 1 || value > slate.length) {
      if (!unchangedLock) {
        refuse('confidence_out_of_range', `A confidence is a whole number from 1 to ${slate.length}`, pick.gameId);
      }
      continue;
    }
    holders.set(value, [...(holders.get(value) ?? []), pick.gameId]);
  }
  for (const [value, gameIds] of [...holders.entries()].sort(([a], [b]) => a - b)) {
    if (gameIds.length < 2) continue;
    const names = gameIds.map((gameId) => gameName(games.get(gameId)!)).join(' and ');
    refuse('confidence_used', `Confidence ${value} is used more than once this week (${names})`, gameIds[1]!);
  }
}

function validateLms(input: Parameters<typeof validateWeekSheet>[0], problems: PoolProblem[]): void {
  const { settings, previous, next, now } = input;
  const games = lmsGames({ slate: input.slate, survivorGames: input.survivorGames });
  const team = next.lmsTeam ?? null;
  const was = previous?.lmsTeam ?? null;
  const refuse = (reason: string, message: string, gameId?: string) =>
    problems.push({ field: 'lmsTeam', reason, message, ...(gameId ? { gameId } : {}) });
  if (team !== null) {
    if (!settings.lastManStanding) return void refuse('lms_off', 'This pool plays without Last Man Standing');
    if (input.survivor === false) return void refuse('eliminated', 'You are out of Last Man Standing this season');
    if (!slateTeams(games).includes(team)) return void refuse('lms_not_on_slate', `${team} does not play this week`);
    if (team !== was && (input.usedLmsTeams ?? []).includes(team)) {
      return void refuse('lms_used', `You have already picked ${team} in Last Man Standing this season`);
    }
  }
  if (team === was) return;
  for (const changed of [was, team]) {
    const game = changed === null ? undefined : lmsGame(games, changed);
    if (game && isLocked(game, now)) {
      return void refuse('locked', `${gameName(game)} has kicked off; the Last Man Standing pick is locked`, game.id);
    }
  }
}

/**
 * What a viewer may see of a member's sheet at `now`: all of their own; of others', only the picks of games
 * that have locked, the Last Man Standing team once its game (slate or survivor-only) has locked, the tiebreaker
 * once the week's last slate game has.
 */
export function visibleSheet(
  sheet: WeekSheet,
  viewerId: string,
  slate: readonly SlateGame[],
  now: Date,
  survivorGames: readonly SlateGame[] = [],
): WeekSheet {
  if (sheet.memberId === viewerId) return sheet;
  const games = lmsGames({ slate, survivorGames });
  const locked = new Set(games.filter((game) => isLocked(game, now)).map((game) => game.id));
  const lms = sheet.lmsTeam ? lmsGame(games, sheet.lmsTeam) : undefined;
  const lastGame = tiebreakerGame(slate);
  return {
    memberId: sheet.memberId,
    picks: sheet.picks.filter((pick) => locked.has(pick.gameId)),
    lmsTeam: lms && locked.has(lms.id) ? sheet.lmsTeam : null,
    tiebreaker: lastGame && locked.has(lastGame.id) ? (sheet.tiebreaker ?? null) : null,
    submittedAt: sheet.submittedAt ?? null,
  };
}

/** A Lifeguard's change to one part of a member's sheet, as the edits log keeps it. */
export interface SheetEdit {
  memberId: string;
  /** The game of a pick's change; null for the Last Man Standing team and the tiebreaker. */
  gameId: string | null;
  field: 'pick' | 'lms_team' | 'tiebreaker';
  /**
   * Each side as text: a pick as "KC", "KC (double play)" or "KC (confidence 5)", a Last Man Standing team, a
   * tiebreaker.
   */
  before: string | null;
  after: string | null;
}

/**
 * The slate games whose lock reveals an edit: a pick's game, the Last Man Standing games of the team before
 * and after, the tiebreaker's game. A game no longer on the slate (or a team without a game) waits for the whole
 * slate, so nothing is shown early.
 */
function gamesRevealingEdit(
  edit: SheetEdit,
  slate: readonly SlateGame[],
  survivorGames: readonly SlateGame[],
): readonly SlateGame[] {
  if (edit.field === 'pick') {
    const game = slate.find((candidate) => candidate.id === edit.gameId);
    return game ? [game] : slate;
  }
  if (edit.field === 'tiebreaker') {
    const game = tiebreakerGame(slate);
    return game ? [game] : slate;
  }
  const all = lmsGames({ slate, survivorGames });
  const games = [edit.before, edit.after].flatMap((team) => (team === null ? [] : [lmsGame(all, team)]));
  return games.every((game) => game !== undefined) ? (games as SlateGame[]) : all;
}

/**
 * What a viewer may see of a Lifeguard's edit at `now`, by the rule of `visibleSheet`: the member whose sheet it is
 * sees it whole; anyone else sees that the change was made, and its before and after once every game it concerns
 * has locked (a before is the member's own open pick, an after is their pick until they change it).
 * `slate` is the edit's week's slate; null when the week is unknown, which keeps the change hidden.
 */
export function visibleEdit<T extends SheetEdit>(
  edit: T,
  viewerId: string,
  slate: readonly SlateGame[] | null,
  now: Date,
  survivorGames: readonly SlateGame[] = [],
): T & { hidden: boolean } {
  if (edit.memberId === viewerId) return { ...edit, hidden: false };
  const revealed =
    slate !== null && gamesRevealingEdit(edit, slate, survivorGames).every((game) => isLocked(game, now));
  return revealed ? { ...edit, hidden: false } : { ...edit, before: null, after: null, hidden: true };
}

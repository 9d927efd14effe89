import {
  MAX_SLIP_LEGS,
  SyncSlip,
  type SyncBookResult,
  type SyncLeg,
  type SyncLegResult,
  type SyncMarket,
} from '@pass/contracts';
import { dollarsTextToCents, easternToUtc, iterateCsv, profitCentsUnrounded, type Sport } from '@pass/domain';
import {
  asText,
  CHARS_PER_STEP,
  listRowErrors,
  looksLikeFormula,
  MAX_EXPORT_ROWS,
  parseAmericanPrice,
  parseDecimalPrice,
  readAtOnce,
  ROWS_PER_STEP,
  tooManyRows,
  UnreadableExport,
  type BetHistory,
  type BetHistoryFormat,
  type ReadSteps,
  type RowError,
} from './bet-history.js';

/**
 * The reading shared by the books' CSV exports (../shared/contracts/README.md, "Sportsbook bet-history
 * exports"): one row per leg, the rows of a bet sharing `External Bet ID`, the row with `Primary` = 1 carrying
 * the bet's amount, price and result. Header names are compared without case, spaces or underscores. Each
 * book's connector says where its game, market and line are; everything else is read here, the same way.
 */

/** A header name as compared: "External Bet ID", "external_bet_id" and "EXTERNAL BET ID" are one column. */
export const columnKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

export interface CsvRow {
  line: number;
  get(column: string): string;
  has(column: string): boolean;
}

/** Where a book's export keeps what a leg needs, read from one row. */
export interface LegCells {
  event: string;
  market: string;
  selection: string;
  /** The line in a column of its own (FanDuel's `Leg Handicap`), when the book has one. */
  handicap: string;
  eventStart: string;
  league: string;
}

export interface CsvLayout {
  format: BetHistoryFormat;
  /** Columns without which no row can be read: a file lacking one is refused as a whole. */
  required: readonly string[];
  legCells(row: CsvRow): LegCells | string;
}

const LEAGUES: Record<string, Sport> = {
  nfl: 'americanfootball_nfl',
  'american football nfl': 'americanfootball_nfl',
  ncaaf: 'americanfootball_ncaaf',
  'ncaa football': 'americanfootball_ncaaf',
  'college football': 'americanfootball_ncaaf',
  'ncaa fb': 'americanfootball_ncaaf',
  cfb: 'americanfootball_ncaaf',
  mlb: 'baseball_mlb',
  baseball: 'baseball_mlb',
};

const BET_RESULTS: Record<string, SyncBookResult> = {
  won: 'won',
  win: 'won',
  lost: 'lost',
  lose: 'lost',
  loss: 'lost',
  void: 'void',
  draw: 'void',
  push: 'void',
  cancelled: 'void',
  canceled: 'void',
  refunded: 'void',
  open: 'open',
  '': 'open',
  pending: 'open',
  unsettled: 'open',
  'cashed out': 'cashed_out',
  cashedout: 'cashed_out',
  cashout: 'cashed_out',
  'cash out': 'cashed_out',
};

const LEG_RESULTS: Record<string, SyncLegResult> = {
  won: 'won',
  win: 'won',
  lost: 'lost',
  lose: 'lost',
  loss: 'lost',
  void: 'void',
  draw: 'void',
  push: 'void',
  cancelled: 'void',
  canceled: 'void',
  open: 'open',
  '': 'open',
  pending: 'open',
  unsettled: 'open',
  // A cashed-out bet's legs never settled at the book.
  'cashed out': 'open',
  cashedout: 'open',
  cashout: 'open',
  'cash out': 'open',
};

const resultKey = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** A time as the exports write it: "YYYY-MM-DD HH:MM:SS" in US Eastern time (the books' own), or ISO with an offset. */
export function readExportTime(value: string): string | undefined {
  const trimmed = value.trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(trimmed)) {
    const date = new Date(trimmed);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  }
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}:\d{2}(?::\d{2})?)$/.exec(trimmed);
  if (!match) return undefined;
  return easternToUtc(match[1]!, match[2]!)?.toISOString();
}

// Period, team and player markets: a game's moneyline, spread or total only counts for the whole game.
const PARTIAL_MARKET =
  /\b(1st|2nd|3rd|4th|first|second|third|fourth|half|quarter|period|inning|innings|f5|team total|player|prop|alt(ernate)? team)\b/i;
const FUTURE_MARKET = /\b(futures?|outright|winner|champion|to win the|mvp|award|division|conference|series price)\b/i;

/** The market a book names, or why it is not one sync reads. */
export function readMarket(name: string): SyncMarket | string {
  const trimmed = name.trim();
  if (trimmed === '') return 'the market is empty';
  if (FUTURE_MARKET.test(trimmed))
    return `"${asText(trimmed)}" is a future: sync reads a game's moneyline, spread or total`;
  if (PARTIAL_MARKET.test(trimmed)) {
    return `"${asText(trimmed)}" is a prop or part of a game: sync reads a whole game's moneyline, spread or total`;
  }
  if (/\b(money ?line|moneyline|ml|to win|match betting|match result)\b/i.test(trimmed)) return 'moneyline';
  if (/\b(spread|run ?line|puck ?line|handicap|point spread)\b/i.test(trimmed)) return 'spread';
  if (/\b(totals?|over\s*\/\s*under|o\/u|total points|total runs|total goals)\b/i.test(trimmed)) return 'total';
  return `"${asText(trimmed)}" is not a moneyline, spread or total (props and futures are not synced)`;
}

const NUMBER = String.raw`[+-]?\d{1,3}(?:\.\d+)?`;

/** The line in a cell of its own: "-3.5", "+1.5", "47.5", "PK". */
function readLineCell(value: string): number | undefined | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (/^(pk|pick|pick'?em|even)$/i.test(trimmed)) return 0;
  return new RegExp(`^${NUMBER}$`).test(trimmed) ? Number(trimmed) : undefined;
}

/** The selection and line of a leg: "Kansas City Chiefs -3.5", "Over 47.5", "New York Yankees". */
export function readSelection(
  market: SyncMarket,
  selectionCell: string,
  handicapCell: string,
): { selection: string; line?: number } | string {
  const selection = selectionCell.trim().replace(/\s+/g, ' ');
  if (selection === '') return 'the selection is empty';
  if (looksLikeFormula(selection)) return `the selection "${asText(selection)}" starts like a spreadsheet formula`;
  const handicap = readLineCell(handicapCell);
  if (handicap === undefined) return `the line "${asText(handicapCell)}" is not a number`;
  if (market === 'total') {
    const match = new RegExp(`^(over|under|o|u)\\s*(${NUMBER})?$`, 'i').exec(selection);
    if (!match) return `the total's selection "${asText(selection)}" is neither Over nor Under a number`;
    const side = match[1]!.toLowerCase().startsWith('o') ? 'Over' : 'Under';
    const line = match[2] === undefined ? handicap : Number(match[2]);
    if (line === null || line <= 0) return `the total "${asText(selection)}" has no line`;
    return { selection: side, line };
  }
  if (market === 'spread') {
    const match = new RegExp(`^(.+?)\\s*\\(?(${NUMBER}|pk|pick'?em|even)\\)?$`, 'i').exec(selection);
    const team = match ? match[1]!.trim() : selection;
    const written = match ? readLineCell(match[2]!) : null;
    const line = written ?? handicap;
    if (line === null || line === undefined) return `the spread "${asText(selection)}" has no line`;
    return { selection: team, line };
  }
  const team = selection.replace(/\s+(ml|moneyline|to win)$/i, '').trim();
  if (new RegExp(`\\s${NUMBER}$`).test(team)) return `the moneyline "${asText(selection)}" carries a line`;
  return { selection: team };
}

/**
 * The rows of a CSV export with its header, refused as a whole when the header lacks a required column or the
 * file holds more than `MAX_EXPORT_ROWS` rows (found as they are read, so such a file is never read to its end).
 */
export function* readRows(text: string, layout: CsvLayout): ReadSteps<{ rows: CsvRow[]; rowErrors: RowError[] }> {
  const records = iterateCsv(text, CHARS_PER_STEP);
  let header: string[] | undefined;
  let columns = new Map<string, number>();
  const rowErrors: RowError[] = [];
  const rows: CsvRow[] = [];
  for (const record of records) {
    if (!record) {
      yield;
      continue;
    }
    if (!header) {
      header = record.fields;
      columns = new Map(header.map((name, index) => [columnKey(name), index]));
      const missing = layout.required.filter((column) => !columns.has(columnKey(column)));
      if (missing.length > 0) {
        throw new UnreadableExport(`the header lacks the column(s) ${missing.join(', ')}`);
      }
      continue;
    }
    const read = rows.length + rowErrors.length;
    if (read >= MAX_EXPORT_ROWS) throw tooManyRows();
    if (read % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
    if (record.fields.length < header.length) {
      rowErrors.push({
        row: record.line,
        reason: `the row is cut off: ${record.fields.length} of ${header.length} cells`,
      });
      continue;
    }
    const { fields } = record;
    rows.push({
      line: record.line,
      get: (column) => {
        const index = columns.get(columnKey(column));
        return index === undefined ? '' : (fields[index] ?? '').trim();
      },
      has: (column) => columns.has(columnKey(column)),
    });
  }
  if (!header) throw new UnreadableExport('the file is empty');
  return { rows, rowErrors };
}

type Kind = SyncSlip['kind'];

/** The kind of bet from `Bet Type` ("Single", "Parlay", "3 Leg Parlay", "6 Point Teaser"), else from its legs. */
function readKind(value: string, legs: number): Kind | string {
  // A bonus marker in the type ("Single (Bonus Bet)") says how the stake was paid, not what the bet is.
  const type = value
    .trim()
    .toLowerCase()
    .replace(/\(?\b(bonus bet|free bet|freebet|bonus)\b\)?/g, ' ')
    .replace(/^[\s\-–:,]+|[\s\-–:,]+$/g, '')
    .trim();
  if (type === '') return legs === 1 ? 'single' : 'parlay';
  if (/round ?robin|system|yankee|trixie|lucky/.test(type)) {
    return `"${asText(value)}" is several bets in one: record its bets by hand`;
  }
  if (/teaser/.test(type)) return 'teaser';
  if (/parlay|sgp|same game|multi|accumulator|acca|\d+\s*(leg|pick|team|fold)/.test(type)) return 'parlay';
  if (/single|straight|sgl/.test(type)) return 'single';
  return `the bet type "${asText(value)}" is not a single, parlay or teaser`;
}

function readTeaserPoints(cell: string, betType: string): number | undefined {
  const own = /^\d{1,2}(\.\d)?$/.test(cell.trim()) ? Number(cell.trim()) : undefined;
  if (own !== undefined && own > 0) return own;
  const inType = /(\d{1,2}(?:\.\d)?)\s*(?:-\s*)?(?:pt|point|pts)/i.exec(betType);
  return inType ? Number(inType[1]) : undefined;
}

const truthy = (value: string) => /^(1|true|yes|y)$/i.test(value.trim());

/**
 * A cell that says the stake was a bonus: "Bonus Bet", "Free Bet", "Bonus", "Token", "Site Credit". A profit or odds
 * boost is not, and neither is a No Sweat (risk-free) bet: its stake is the member's own money, and only what it gives
 * back when it loses is a bonus bet, a bet of its own.
 */
const BONUS_MARKER = /\b(bonus|free ?bets?|freebet|token|site credit|promo credit)\b/i;
const NOT_A_BONUS_STAKE = /\b(boost|boosted|no ?sweat|risk[ -]?free|insurance|refund)\b/i;
const isBonusMarker = (cell: string) => BONUS_MARKER.test(cell) && !NOT_A_BONUS_STAKE.test(cell);

/** Columns that name the bonus or promotion a bet used, as the exports and export helpers call them. */
const BONUS_TYPE_COLUMNS = ['Bet Bonus Type', 'Bonus Type', 'Reward Type', 'Reward Used', 'Promotion', 'Promo'];
/** Columns that say yes or no to a bonus stake. */
const BONUS_FLAG_COLUMNS = ['Bonus Bet', 'Free Bet', 'Is Bonus Bet', 'Is Free Bet', 'Bonus'];

/**
 * Whether an amount the book reports (a payout, or the payout it offered) is the profit alone, without the stake:
 * the shape of a bonus bet, whose stake is never paid back. Nearer the profit than the profit with the stake, and
 * within a cent or 2 % of it (a parlay's price is rounded).
 */
function isProfitAlone(amountCents: number, stakeCents: number, price: number): boolean {
  const profit = profitCentsUnrounded(stakeCents, price);
  const offProfit = Math.abs(amountCents - profit);
  return offProfit < Math.abs(amountCents - (profit + stakeCents)) && offProfit <= Math.max(1, profit * 0.02);
}

/**
 * Whether the stake was the book's money (a bonus or free bet), in every way the exports say it: a bonus or
 * free-bet column or marker (DraftKings' `Bet Bonus Type`, a bet type such as "Single (Bonus Bet)"), a bonus amount
 * covering the stake, or amounts that leave the stake out — FanDuel writes no bonus column, but a bonus bet's
 * `Potential Payout` (and a winning one's `Payout`) is the profit alone. So a lost bonus bet is told as well as a won
 * one.
 */
function readBonus(
  row: CsvRow,
  stakeCents: number,
  result: SyncBookResult,
  payoutCents: number | undefined,
  price: number | undefined,
): boolean {
  if ([...BONUS_TYPE_COLUMNS, 'Bet Type'].some((column) => isBonusMarker(row.get(column)))) return true;
  if (BONUS_FLAG_COLUMNS.some((column) => truthy(row.get(column)))) return true;
  const bonusType = row.get('Bet Bonus Type');
  const bonusAmount = dollarsTextToCents(row.get('Bet Bonus Amount'));
  if (
    bonusAmount !== undefined &&
    bonusAmount > 0 &&
    stakeCents > 0 &&
    bonusAmount >= stakeCents &&
    !NOT_A_BONUS_STAKE.test(bonusType)
  ) {
    return true;
  }
  if (stakeCents === 0) return result === 'won' && (payoutCents ?? 0) > 0;
  if (price === undefined) return false;
  // A win paid what it paid: the stake came back with the profit, or it did not.
  if (result === 'won' && payoutCents !== undefined && payoutCents > 0) {
    return isProfitAlone(payoutCents, stakeCents, price);
  }
  const potentialCents = dollarsTextToCents(row.get('Potential Payout'));
  return potentialCents !== undefined && potentialCents > 0 && isProfitAlone(potentialCents, stakeCents, price);
}

function readLeg(row: CsvRow, layout: CsvLayout, single: boolean, betPrice: number | undefined): SyncLeg | string {
  const cells = layout.legCells(row);
  if (typeof cells === 'string') return cells;
  let sport: Sport | undefined;
  if (cells.league !== '') {
    sport = LEAGUES[cells.league.toLowerCase().replace(/[\s_-]+/g, ' ')];
    if (!sport) return `the league "${asText(cells.league)}" is not one PA$$ follows (NFL, college football, MLB)`;
  }
  if (cells.event === '') return 'the game is not named';
  if (looksLikeFormula(cells.event)) return `the game "${asText(cells.event)}" starts like a spreadsheet formula`;
  const market = readMarket(cells.market);
  if (!SYNC_MARKETS.has(market)) return market;
  const picked = readSelection(market as SyncMarket, cells.selection, cells.handicap);
  if (typeof picked === 'string') return picked;
  let eventStart: string | undefined;
  if (cells.eventStart !== '') {
    eventStart = readExportTime(cells.eventStart);
    if (!eventStart) return `the game's start "${asText(cells.eventStart)}" is not a time`;
  }
  const legPriceCell = row.get('Leg American Odds');
  let price = parseAmericanPrice(legPriceCell) ?? parseDecimalPrice(row.get('Leg Decimal Odds'));
  if (price === undefined && single) price = betPrice;
  if (price === undefined) return `the leg's price "${asText(legPriceCell)}" is not American odds`;
  const resultCell = row.has('Leg Result') ? row.get('Leg Result') : single ? row.get('Bet Result') : '';
  const result = LEG_RESULTS[resultKey(resultCell)];
  if (!result) return `the leg's result "${asText(resultCell)}" is not one the exports use`;
  return {
    ...(sport ? { sport } : {}),
    event: cells.event,
    ...(eventStart ? { event_start: eventStart } : {}),
    market: market as SyncMarket,
    selection: picked.selection,
    ...(picked.line === undefined ? {} : { line: picked.line }),
    price,
    result,
  };
}

const SYNC_MARKETS = new Set<string>(['moneyline', 'spread', 'total']);

/** Reads a CSV export into bet slips, each bet from its rows, each unreadable row reported with the reason. */
export function readCsvBetHistory(text: string, layout: CsvLayout): BetHistory {
  return readAtOnce(readCsvBetHistorySteps(text, layout));
}

/**
 * `readCsvBetHistory` in bounded steps. Every part is linear in the file: the rows are grouped by bet id into
 * lists that grow in place, and a bet with more rows than a slip may have legs is refused without reading them.
 */
export function* readCsvBetHistorySteps(text: string, layout: CsvLayout): ReadSteps<BetHistory> {
  const { rows, rowErrors } = yield* readRows(text, layout);
  const rowCount = rows.length + rowErrors.length;
  const byBet = new Map<string, CsvRow[]>();
  for (const [index, row] of rows.entries()) {
    if (index % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
    const id = row.get('External Bet ID');
    if (id === '') {
      rowErrors.push({ row: row.line, reason: 'the row has no External Bet ID' });
      continue;
    }
    const betRows = byBet.get(id);
    if (betRows) betRows.push(row);
    else byBet.set(id, [row]);
  }
  const slips: SyncSlip[] = [];
  let betsRead = 0;
  for (const [id, betRows] of byBet) {
    if (++betsRead % ROWS_PER_STEP === 0) yield;
    const fail = (reason: string, at: readonly CsvRow[] = betRows) => {
      const told = `bet ${asText(id)}: ${reason}`;
      for (const row of at) rowErrors.push({ row: row.line, reason: told });
    };
    if (looksLikeFormula(id)) {
      fail(`the bet id starts like a spreadsheet formula`);
      continue;
    }
    if (betRows.length > MAX_SLIP_LEGS) {
      fail(`${betRows.length} rows share this bet id, and a bet has at most ${MAX_SLIP_LEGS} legs`);
      continue;
    }
    const primaries = betRows[0]!.has('Primary') ? betRows.filter((row) => truthy(row.get('Primary'))) : betRows;
    if (primaries.length !== 1) {
      fail(
        primaries.length === 0
          ? "no row has Primary = 1 to carry the bet's amount and result (the file may be cut off)"
          : `${primaries.length} rows say Primary = 1: one row carries the bet's amount and result`,
      );
      continue;
    }
    const primary = primaries[0]!;
    const legCount = Number(primary.get('Number of Legs'));
    if (primary.get('Number of Legs') !== '' && Number.isInteger(legCount) && legCount !== betRows.length) {
      fail(
        `the bet has ${legCount} legs but ${betRows.length} ${betRows.length === 1 ? 'row' : 'rows'} (the file may be cut off)`,
      );
      continue;
    }
    const kind = readKind(primary.get('Bet Type'), betRows.length);
    if (kind !== 'single' && kind !== 'parlay' && kind !== 'teaser') {
      fail(kind);
      continue;
    }
    const placedAt = readExportTime(primary.get('Bet Date Time'));
    if (!placedAt) {
      fail(`the time placed "${asText(primary.get('Bet Date Time'))}" is not a time`, [primary]);
      continue;
    }
    const stakeCents = dollarsTextToCents(primary.get('Bet Amount'));
    if (stakeCents === undefined) {
      fail(`the amount "${asText(primary.get('Bet Amount'))}" is not dollars and cents`, [primary]);
      continue;
    }
    const resultCell = primary.get('Bet Result');
    const settledCell = primary.get('Bet Settled').toLowerCase();
    let result = BET_RESULTS[resultKey(resultCell)];
    if (!result) {
      fail(`the result "${asText(resultCell)}" is not one the exports use`, [primary]);
      continue;
    }
    if (result === 'open' && (settledCell === 'settled' || settledCell === 'true')) {
      fail('the bet is settled but its result is empty', [primary]);
      continue;
    }
    if (result !== 'open' && (settledCell === 'unsettled' || settledCell === 'false')) result = 'open';
    const payoutCell = primary.get('Payout');
    const payoutCents = payoutCell === '' ? undefined : dollarsTextToCents(payoutCell);
    if (payoutCell !== '' && payoutCents === undefined) {
      fail(`the payout "${asText(payoutCell)}" is not dollars and cents`, [primary]);
      continue;
    }
    const priceCell = primary.get(kind === 'single' ? 'Bet American Odds' : 'Multi Bet American Odds');
    const price =
      parseAmericanPrice(priceCell) ??
      parseAmericanPrice(primary.get('Bet American Odds')) ??
      parseDecimalPrice(primary.get(kind === 'single' ? 'Bet Decimal Odds' : 'Multi Bet Decimal Odds')) ??
      parseDecimalPrice(primary.get('Bet Decimal Odds'));
    const legs: SyncLeg[] = [];
    let legFailed = false;
    for (const row of betRows) {
      const leg = readLeg(row, layout, kind === 'single', price);
      if (typeof leg === 'string') {
        fail(leg, [row]);
        legFailed = true;
      } else legs.push(leg);
    }
    if (legFailed) continue;
    const teaserPoints =
      kind === 'teaser' ? readTeaserPoints(primary.get('Teaser Points'), primary.get('Bet Type')) : undefined;
    const bonus = readBonus(primary, stakeCents, result, payoutCents, price);
    const parsed = SyncSlip.safeParse({
      book_bet_id: id,
      placed_at: placedAt,
      kind,
      stake_cents: stakeCents,
      ...(price === undefined ? {} : { price }),
      ...(teaserPoints === undefined ? {} : { teaser_points: teaserPoints }),
      result,
      ...(payoutCents === undefined || result === 'open' ? {} : { payout_cents: payoutCents }),
      bonus,
      legs,
    });
    if (!parsed.success) {
      fail(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'bet'} ${issue.message}`).join('; '));
      continue;
    }
    slips.push(parsed.data);
  }
  return { format: layout.format, slips, rowErrors: listRowErrors(rowErrors), rows: rowCount };
}

/**
 * Sportsbooks by The Odds API's key, named by its titles (`bookmakers_us.csv` of the stored data), so every
 * screen calls a book what the book calls itself. `consensus` is the schedule's own line, not a book.
 */
export const BOOK_TITLES: Readonly<Record<string, string>> = {
  betonlineag: 'BetOnline.ag',
  betmgm: 'BetMGM',
  betrivers: 'BetRivers',
  betus: 'BetUS',
  bovada: 'Bovada',
  williamhill_us: 'Caesars',
  draftkings: 'DraftKings',
  fanatics: 'Fanatics',
  fanduel: 'FanDuel',
  lowvig: 'LowVig.ag',
  mybookieag: 'MyBookie.ag',
  ballybet: 'Bally Bet',
  betanysports: 'BetAnySports',
  betparx: 'betPARX',
  espnbet: 'ESPN BET',
  fliff: 'Fliff',
  hardrockbet: 'Hard Rock Bet',
  rebet: 'ReBet',
  betopenly: 'BetOpenly',
  kalshi: 'Kalshi',
  novig: 'Novig',
  polymarket: 'Polymarket',
  prophetx: 'ProphetX',
  barstool: 'Barstool Sportsbook',
  circasports: 'Circa Sports',
  foxbet: 'FOX Bet',
  gtbets: 'GTbets',
  pointsbetus: 'PointsBet (US)',
  sugarhouse: 'SugarHouse',
  superbook: 'SuperBook',
  twinspires: 'TwinSpires',
  unibet_us: 'Unibet',
  wynnbet: 'WynnBET',
  betfair: 'Betfair',
  consensus: 'Consensus',
};

/** A book's title; a key the list does not know is shown as it is rather than hidden. */
export function bookTitle(key: string): string {
  return Object.hasOwn(BOOK_TITLES, key) ? BOOK_TITLES[key]! : key;
}

/**
 * The books a member may link for bet sync: the sportsbooks of The Odds API's current US lists (us and us2),
 * not the exchanges nor the books that have closed or left.
 */
export const SYNC_BOOK_KEYS: readonly string[] = [
  'betonlineag',
  'betmgm',
  'betrivers',
  'betus',
  'bovada',
  'williamhill_us',
  'draftkings',
  'fanatics',
  'fanduel',
  'lowvig',
  'mybookieag',
  'ballybet',
  'betanysports',
  'betparx',
  'espnbet',
  'fliff',
  'hardrockbet',
  'rebet',
];

/**
 * Sportsbooks by name: The Odds API's bookmaker titles (its `key` → `title`, as listed in the stored data's
 * bookmakers_us.csv), so every screen names a book the way the book does. A key missing here shows as is.
 */
const BOOK_NAMES: Record<string, string> = {
  ballybet: 'Bally Bet',
  barstool: 'Barstool Sportsbook',
  betanysports: 'BetAnySports',
  betfair: 'Betfair',
  betmgm: 'BetMGM',
  betonlineag: 'BetOnline.ag',
  betopenly: 'BetOpenly',
  betparx: 'betPARX',
  betrivers: 'BetRivers',
  betus: 'BetUS',
  bovada: 'Bovada',
  circasports: 'Circa Sports',
  consensus: 'Consensus',
  draftkings: 'DraftKings',
  espnbet: 'ESPN BET',
  fanatics: 'Fanatics',
  fanduel: 'FanDuel',
  fliff: 'Fliff',
  foxbet: 'FOX Bet',
  gtbets: 'GTbets',
  hardrockbet: 'Hard Rock Bet',
  kalshi: 'Kalshi',
  lowvig: 'LowVig.ag',
  mybookieag: 'MyBookie.ag',
  novig: 'Novig',
  pointsbetus: 'PointsBet (US)',
  polymarket: 'Polymarket',
  prophetx: 'ProphetX',
  rebet: 'ReBet',
  sugarhouse: 'SugarHouse',
  superbook: 'SuperBook',
  twinspires: 'TwinSpires',
  unibet_us: 'Unibet',
  williamhill_us: 'Caesars',
  wynnbet: 'WynnBET',
};

/** A book's name from its key: "williamhill_us" → "Caesars". */
export function bookName(book: string): string {
  return BOOK_NAMES[book] ?? book;
}

import { readCsvBetHistorySteps, type CsvLayout } from './bet-history-csv.js';
import type { BetHistoryConnector } from './bet-history.js';

/**
 * FanDuel's bet-history export (one row per leg): the game in `Event Name` ("Kansas City Chiefs @ Buffalo
 * Bills"), its league in `League`, its start in `Leg Event Date Time`, the market in `Market Name` ("Spread
 * Betting", "Moneyline", "Total Points", "Run Line"), the team or Over/Under in `Bet Selection` and the line in
 * `Leg Handicap` (or in the selection itself).
 */
const layout: CsvLayout = {
  format: 'fanduel_csv',
  required: [
    'External Bet ID',
    'Bet Date Time',
    'Bet Amount',
    'Event Name',
    'Bet Selection',
    'Market Name',
    'Bet Result',
  ],
  legCells(row) {
    return {
      event: row.get('Event Name'),
      market: row.get('Market Name'),
      selection: row.get('Bet Selection'),
      handicap: row.get('Leg Handicap'),
      eventStart: row.get('Leg Event Date Time'),
      league: row.get('League'),
    };
  },
};

export const fanDuelCsv: BetHistoryConnector = {
  format: 'fanduel_csv',
  readSteps: (text) => readCsvBetHistorySteps(text, layout),
};

import { readCsvBetHistorySteps, type CsvLayout } from './bet-history-csv.js';
import type { BetHistoryConnector } from './bet-history.js';

/**
 * DraftKings' bet-history export (one row per leg). DraftKings names the game and the market together in
 * `Market Name`, as its history shows a leg: "Kansas City Chiefs @ Buffalo Bills - Spread"; the selection carries
 * the line ("Kansas City Chiefs -3.5", "Over 47.5"). An `Event Name` column, when an export has one, names the
 * game instead. The export gives no kickoff, so games are found around the time the bet was placed.
 */
const layout: CsvLayout = {
  format: 'draftkings_csv',
  required: ['External Bet ID', 'Bet Date Time', 'Bet Amount', 'Bet Selection', 'Market Name', 'Bet Result'],
  legCells(row) {
    const marketName = row.get('Market Name');
    let event = row.get('Event Name');
    let market = marketName;
    if (event === '') {
      const split = marketName.lastIndexOf(' - ');
      if (split === -1) return `the market "${marketName.slice(0, 60)}" does not name its game ("<game> - <market>")`;
      event = marketName.slice(0, split).trim();
      market = marketName.slice(split + 3).trim();
    }
    return {
      event,
      market,
      selection: row.get('Bet Selection'),
      handicap: '',
      eventStart: row.get('Leg Event Date Time') || row.get('Event Date Time'),
      league: row.get('League'),
    };
  },
};

export const draftKingsCsv: BetHistoryConnector = {
  format: 'draftkings_csv',
  readSteps: (text) => readCsvBetHistorySteps(text, layout),
};

import { describe, expect, it } from 'vitest';
import { readHistoryFile } from '../testing/history-files.js';
import { BOOK_TITLES, bookTitle } from './books.js';

describe('book titles', () => {
  it("names every book of The Odds API's list by its title", () => {
    const rows = readHistoryFile('fixtures/the-odds-api/bookmakers_us.csv').trim().split('\n').slice(1);
    expect(rows.length).toBeGreaterThan(30);
    for (const row of rows) {
      const [key, title] = row.split(',');
      expect(bookTitle(key!), key).toBe(title);
    }
  });

  it('calls William Hill Caesars, as the book does today, and the schedule line Consensus', () => {
    expect(bookTitle('williamhill_us')).toBe('Caesars');
    expect(bookTitle('consensus')).toBe('Consensus');
  });

  it('shows a key it does not know as it is, and never an inherited property', () => {
    expect(bookTitle('newbook')).toBe('newbook');
    expect(bookTitle('toString')).toBe('toString');
    expect(Object.keys(BOOK_TITLES)).toContain('betus');
  });
});

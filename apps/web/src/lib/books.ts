import { bookTitle } from '@pass/domain';

/**
 * A book's name from its key: "williamhill_us" → "Caesars". The names are The Odds API's bookmaker titles
 * (`BOOK_TITLES` in packages/domain), so every screen names a book the way the book does; a key missing there
 * shows as is.
 */
export function bookName(book: string): string {
  return bookTitle(book);
}

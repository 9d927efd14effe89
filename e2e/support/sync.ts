import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { chooseOption } from './browser';

const FIXTURES = path.resolve(import.meta.dirname, '../../apps/server/src/providers/sportsbooks/fixtures');

/**
 * The bet-history files the connectors are tested with: DraftKings' and FanDuel's exports (NFL 2024, college
 * and MLB 2025 games, as the e2e server has them from the reference data) and JSON bet slips.
 */
export const SPORTSBOOK_EXPORTS = {
  draftkings: path.join(FIXTURES, 'draftkings-history.csv'),
  fanduel: path.join(FIXTURES, 'fanduel-history.csv'),
  slips: path.join(FIXTURES, 'slips.json'),
} as const;

/** The profile's Bet sync section. */
export const betSyncSection = (page: Page): Locator => page.getByRole('region', { name: 'Bet sync', exact: true });

/** A linked account's card in it, by the book's name. */
export const syncAccountCard = (page: Page, book: string): Locator =>
  betSyncSection(page).getByRole('article', { name: book });

/** Links a sportsbook on the profile and waits for its card. */
export async function linkSportsbook(page: Page, book: string): Promise<Locator> {
  const section = betSyncSection(page);
  await chooseOption(page, section.getByRole('combobox', { name: 'Sportsbook' }), book);
  await section.getByRole('button', { name: 'Link', exact: true }).click();
  const card = syncAccountCard(page, book);
  await card.waitFor();
  return card;
}

/** Uploads a bet-history file on a linked account's card; the card says what the sync did. */
export async function uploadBetHistory(page: Page, book: string, file: string): Promise<Locator> {
  const card = syncAccountCard(page, book);
  await card.getByLabel(`Bet history file for ${book}`).setInputFiles(file);
  return card;
}

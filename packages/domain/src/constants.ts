/** Business constants of the specification (section 9) that more than one part of the product reads. */

/** The version label shown in the footer. One constant, read everywhere it is shown. */
export const VERSION_LABEL = 'Version 2025-2.1';

/** The date the legal documents were last updated, as the specification gives it. */
export const LEGAL_DOCUMENTS_UPDATED = 'Aug 28, 2023';

/** The default sportsbook selection (The Odds API bookmaker key). */
export const DEFAULT_BOOK = 'betus';

/** A sport store needs a season of at least this year. */
export const MIN_SEASON = 2022;

/** The navigation clock refreshes this often. */
export const CLOCK_REFRESH_MS = 1500;

/** Pool Party limits. The per-Lifeguard pool count is a setting (POOL_MAX_PER_LIFEGUARD); this is its default. */
export const POOL_DEFAULTS = {
  maxPoolsPerLifeguard: 5,
  maxGuestsPerPool: 25,
  maxInvitationsPerGuest: 3,
  /** Emailed invitations a Lifeguard may send in any hour and any day, across all of their pools. */
  maxInvitationsPerHour: 30,
  maxInvitationsPerDay: 60,
  pointsPerGame: 5,
  doublePlayPoints: 10,
  triplePlayPoints: 15,
  minGamesPerWeek: 1,
  maxGamesPerWeek: 16,
  maxNameLength: 60,
} as const;

/** Admin list defaults. */
export const ADMIN_LIST_LIMIT = 10;
export const ADMIN_PAGE_SIZE = 20;

/** Streaks keep this many entries. */
export const STREAK_LENGTH = 10;

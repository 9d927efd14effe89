/**
 * The ledger's writes that bet sync makes inside its own transaction (an upload's import, a rematch): entries
 * and parlays inserted as given, and the members' ledger versions moved on so their cached stats are rebuilt.
 * Grading them is grading.service's `gradeEntriesById` and `gradeParlaysById`.
 */
export { insertEntries, insertEntry } from './entries.repository.js';
export { bumpLedgerVersions } from './ledger-versions.repository.js';
export { insertParlay, insertParlays, type NewParlay, type NewParlayLeg } from './parlays.repository.js';

/**
 * The ledger's writes that bet sync makes inside its own transaction (an upload's import, a rematch): entries
 * and parlays inserted as given, and the members' ledger versions moved on so their cached stats are rebuilt.
 * Grading them is ledger.service's `gradeEntriesById` and `gradeParlaysById`.
 */
export { bumpLedgerVersions, insertEntries, insertEntry } from './ledger.repository.js';
export { insertParlay, insertParlays, type NewParlay, type NewParlayLeg } from './parlays.repository.js';

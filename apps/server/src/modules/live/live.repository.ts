import { column, type DbExecutor, rows } from '@pass/db';
import { sql } from 'drizzle-orm';

/** A member holding an entry on a game: a single entry, or a parlay with a leg on it. */
export interface EntryHolder {
  userId: number;
  eventId: number;
}

/**
 * The members whose entries these games move, in one statement: entries and parlays not deleted that are still to
 * be graded (a score under way changes where they stand), and, on a game now over (final, cancelled, postponed),
 * those graded too, which the change settled or graded again.
 */
export async function listEntryHolders(db: DbExecutor, eventIds: readonly number[]): Promise<EntryHolder[]> {
  if (eventIds.length === 0) return [];
  const ids = column(eventIds, 'int');
  const found = await rows<{ user_id: number; event_id: number }>(
    db,
    sql`select b.user_id, b.event_id
        from user_bets b join events e on e.id = b.event_id
        where b.event_id = any(${ids}) and e.id = any(${ids}) and b.deleted_at is null
          and (b.graded_at is null or e.status in ('final', 'cancelled', 'postponed'))
        union
        select p.user_id, l.event_id
        from parlay_legs l join parlays p on p.id = l.parlay_id join events e on e.id = l.event_id
        where l.event_id = any(${ids}) and e.id = any(${ids}) and p.deleted_at is null
          and (p.graded_at is null or e.status in ('final', 'cancelled', 'postponed'))`,
  );
  return found.map((row) => ({ userId: Number(row.user_id), eventId: Number(row.event_id) }));
}

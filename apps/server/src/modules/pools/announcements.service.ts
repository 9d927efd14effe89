import type { AnnouncementListResponse, AnnouncementResponse } from '@pass/contracts';
import { displayName } from '@pass/domain';
import type { Database, DbExecutor } from '@pass/db';
import type { SystemLines } from '../chat/pool-events.js';
import * as repository from './announcements.repository.js';
import * as poolsRepository from './pools.repository.js';
import { refuseEnded, requireLifeguard, requireMembership } from './pools.service.js';

/** A pool's announcements: the Lifeguard posts them, every member reads them (and sees them in the chat room). */

/** The Lifeguard posts an announcement to the pool (and to its chat room, as a system line, given `lines`). */
export async function postAnnouncement(
  db: Database,
  input: { poolId: number; userId: number; body: string; now: Date },
  lines?: SystemLines,
): Promise<AnnouncementResponse['data']> {
  return db.transaction(async (tx) => {
    const { pool } = await requireLifeguard(tx, input.poolId, input.userId);
    refuseEnded(pool);
    const row = await repository.insertAnnouncement(tx, {
      poolId: pool.id,
      authorId: input.userId,
      body: input.body,
      createdAt: input.now,
    });
    await lines?.add(tx, pool.id, { type: 'announcement', body: row.body }, input.now);
    const [author] = await poolsRepository
      .currentMembers(tx, [pool.id])
      .then((members) => members.filter((member) => member.userId === input.userId));
    return {
      id: row.id,
      body: row.body,
      author: author ? displayName(author) : null,
      created_at: row.createdAt.toISOString(),
    };
  });
}

/** The pool's announcements, newest first, for its members. */
export async function listAnnouncements(
  db: DbExecutor,
  input: { poolId: number; userId: number },
): Promise<AnnouncementListResponse> {
  const { pool } = await requireMembership(db, input.poolId, input.userId);
  const rows = await repository.listAnnouncements(db, pool.id);
  return {
    data: rows.map((row) => ({
      id: row.id,
      body: row.body,
      author: row.author === null ? null : displayName({ username: row.author, name: row.authorName }),
      created_at: row.createdAt.toISOString(),
    })),
  };
}

import { poolAnnouncements, users, type DbExecutor } from '@pass/db';
import { desc, eq } from 'drizzle-orm';

/** The SQL of a pool's announcements. */

export async function insertAnnouncement(
  db: DbExecutor,
  values: { poolId: number; authorId: number; body: string; createdAt: Date },
) {
  const [row] = await db.insert(poolAnnouncements).values(values).returning();
  return row!;
}

/** The pool's announcements, newest first, with their author's username and name. */
export async function listAnnouncements(db: DbExecutor, poolId: number) {
  return db
    .select({
      id: poolAnnouncements.id,
      body: poolAnnouncements.body,
      author: users.username,
      authorName: users.name,
      createdAt: poolAnnouncements.createdAt,
    })
    .from(poolAnnouncements)
    .leftJoin(users, eq(users.id, poolAnnouncements.authorId))
    .where(eq(poolAnnouncements.poolId, poolId))
    .orderBy(desc(poolAnnouncements.createdAt), desc(poolAnnouncements.id));
}

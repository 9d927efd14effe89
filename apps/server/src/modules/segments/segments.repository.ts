import { desc, gte, sql } from 'drizzle-orm';
import { pageViews, type DbExecutor } from '@pass/db';

/** Adds one view to the day's counter for a route and query, creating the row on first sight. */
export async function incrementPageView(db: DbExecutor, view: { route: string; query: string; day: string }) {
  await db
    .insert(pageViews)
    .values({ ...view, views: 1 })
    .onConflictDoUpdate({
      target: [pageViews.route, pageViews.query, pageViews.day],
      set: { views: sql`${pageViews.views} + 1` },
    });
}

/** Views per route and query since a day, most viewed first (for the admin). */
export async function listPageViews(db: DbExecutor, filters: { sinceDay: string; limit: number }) {
  return db
    .select({
      route: pageViews.route,
      query: pageViews.query,
      views: sql<number>`sum(${pageViews.views})::int`,
    })
    .from(pageViews)
    .where(gte(pageViews.day, filters.sinceDay))
    .groupBy(pageViews.route, pageViews.query)
    .orderBy(desc(sql`sum(${pageViews.views})`))
    .limit(filters.limit);
}

import { desc, gte, sql } from 'drizzle-orm';
import { pageViews, type DbExecutor } from '@pass/db';

/**
 * Adds one view to the day's counter for a route and query, creating the row on first sight, unless the route
 * already has `maxQueries` queries that day: then the view is counted under `overflowQuery`. One statement,
 * so the count of a route's rows is only read for a query not seen that day.
 */
export async function incrementPageView(
  db: DbExecutor,
  view: { route: string; query: string; day: string },
  bounds: { maxQueries: number; overflowQuery: string },
) {
  await db.execute(sql`
    insert into ${pageViews} (route, query, day, views)
    select ${view.route},
      case
        when exists (
          select 1 from ${pageViews}
          where route = ${view.route} and query = ${view.query} and day = ${view.day}::date
        ) then ${view.query}
        when (
          select count(*) from ${pageViews}
          where route = ${view.route} and day = ${view.day}::date and query <> ${bounds.overflowQuery}
        ) < ${bounds.maxQueries} then ${view.query}
        else ${bounds.overflowQuery}
      end,
      ${view.day}::date, 1
    on conflict (route, query, day) do update set views = ${pageViews.views} + 1`);
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

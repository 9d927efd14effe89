import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Page views per route, query and day, counted by the segments guard (`GET /api/segments`).
 * Only the route name and its query string: no user, address or agent, so nothing personal is kept.
 */
export const pageViews = pgTable(
  'page_views',
  {
    route: text('route').notNull(),
    query: text('query').notNull(),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.route, table.query, table.day] })],
);

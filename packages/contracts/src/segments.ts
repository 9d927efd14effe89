import { z } from 'zod';
import { Text } from './boundary.js';

/** Route names are the web app's (spec/routes.md): lower-case words joined by hyphens. */
export const RouteName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a route name such as "home" or "football-schedule"');

/**
 * `GET /api/segments`: the segments guard reports the route it is entering (`_route`) and that route's
 * query parameters. The server counts page views per route and query; it records nothing personal.
 */
export const SegmentsQuery = z
  .object({
    _route: RouteName,
  })
  .catchall(z.union([Text.max(200), z.array(Text.max(200)).max(10)]));
export type SegmentsQuery = z.infer<typeof SegmentsQuery>;

export const SegmentsResponse = z.object({
  recorded: z.boolean(),
});
export type SegmentsResponse = z.infer<typeof SegmentsResponse>;

export const PageViewsQuery = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export type PageViewsQuery = z.infer<typeof PageViewsQuery>;

/** `GET /api/admin/page-views`: views per route and query over the last `days` days, most viewed first. */
export const PageViewsResponse = z.object({
  data: z.array(z.object({ route: z.string(), query: z.string(), views: z.number().int() })),
});
export type PageViewsResponse = z.infer<typeof PageViewsResponse>;

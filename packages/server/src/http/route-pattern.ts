import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/** The route label of a request that no route serves (404, 405). */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Returns the pattern of the route that answered (`/v1/collect`), read after the handlers ran, or
 * {@link UNMATCHED_ROUTE}. Middleware (`ALL`) entries are skipped. Patterns, unlike raw paths, are
 * few, so they are safe as metric labels.
 */
export function readRoutePattern(c: Context): string {
  const routes = matchedRoutes(c);
  for (let index = routes.length - 1; index >= 0; index -= 1) {
    const route = routes[index]!;
    if (route.method !== 'ALL') return route.path;
  }
  return UNMATCHED_ROUTE;
}

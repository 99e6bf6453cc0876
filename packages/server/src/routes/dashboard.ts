import { createDashboardAssets } from '../dashboard/dashboard-assets.js';
import { DASHBOARD_SECURITY_HEADERS } from '../dashboard/content-security-policy.js';
import type { ServerDeps } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import { createRouter } from '../http/create-router.js';

/**
 * Returns the router of the usage dashboard's page, `GET /dashboard`, and its files,
 * `GET /dashboard/assets/<name>`, served from the package's dist/dashboard/ under a strict
 * Content-Security-Policy. `DASHBOARD_UNAVAILABLE` (503) when the package was not built.
 */
export function dashboardRoutes(deps: ServerDeps, loadAsset = createDashboardAssets()): ReturnType<typeof createRouter> {
  const router = createRouter();
  const serve = async (name: string) => {
    const asset = await loadAsset(name);
    if (asset === undefined) {
      if (name === 'index.html') deps.logger.error('dashboard: dist/dashboard/index.html is missing; run npm run build');
      throw new ApiError(name === 'index.html' ? 'DASHBOARD_UNAVAILABLE' : 'ROUTE_NOT_FOUND');
    }
    // no-cache: browsers revalidate, so a new version is picked up at once after an upgrade.
    return new Response(asset.body, { headers: { 'content-type': asset.contentType, 'cache-control': 'no-cache', ...DASHBOARD_SECURITY_HEADERS } });
  };
  router.get('/dashboard', () => serve('index.html'));
  // Only the names of DASHBOARD_FILES are served (the page itself only at /dashboard); nothing is read by a path from the request.
  router.get('/dashboard/assets/:name', (c) => serve(c.req.param('name') === 'index.html' ? '' : c.req.param('name')));
  return router;
}

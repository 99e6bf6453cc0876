/** A registered route as Hono lists it in `app.routes`. */
export interface RegisteredRoute {
  method: string;
  path: string;
}

/**
 * Returns the methods (upper case, sorted) registered for a path that matches `path`, ignoring
 * middleware (`ALL`) entries; empty when no route has this path, i.e. the answer is 404, not 405.
 */
export function findAllowedMethods(routes: readonly RegisteredRoute[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === 'ALL' || !matchesPattern(route.path, path)) continue;
    methods.add(route.method.toUpperCase());
    if (route.method.toUpperCase() === 'GET') methods.add('HEAD');
  }
  return [...methods].sort();
}

function matchesPattern(pattern: string, path: string): boolean {
  if (pattern === path) return true;
  if (!pattern.includes(':') && !pattern.includes('*')) return false;
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`).test(path);
}

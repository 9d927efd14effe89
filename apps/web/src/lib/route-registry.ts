import type { RouteName } from '../config/paths';

/**
 * The names of the routes whose screens exist. The app registers its route table once at start;
 * links (navigation, calls to action) consult it so that they appear when their screen does.
 */
const registered = new Set<RouteName>();

export function registerRoutes(names: Iterable<RouteName>): void {
  for (const name of names) registered.add(name);
}

/**
 * Forgets every registered route. The web tests share loaded modules between files (vitest.config.ts), so each
 * file starts from none registered: what a file registers, and only that, is what its links see.
 */
export function forgetRegisteredRoutes(): void {
  registered.clear();
}

export function isRouteRegistered(name: RouteName): boolean {
  return registered.has(name);
}

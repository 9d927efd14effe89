import { pathTo } from '../../../config/paths';

// Going back to these after logging in would undo the login or ask for it again.
const NOT_TARGETS = new Set([pathTo('login'), pathTo('signin'), pathTo('logout'), pathTo('refresh')]);

/**
 * Where to go after logging in: the `redirect` query parameter when it is a path on this site, else
 * the home page. Anything that could leave the site (`//host`, `https://…`, `/\host`) is ignored.
 */
export function redirectTarget(value: string | null, origin: string = window.location.origin): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin || NOT_TARGETS.has(url.pathname)) return '/';
  return url.pathname + url.search + url.hash;
}

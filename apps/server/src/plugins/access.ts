import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { requireAdmin, requireSession, type AuthDeps } from '../modules/auth/auth-context.js';
import { isSyncTokenRequest } from './security.js';

/** Who may call a route: anyone, a signed-in member, or the admin. */
export type RouteAccess = 'public' | 'member' | 'admin';
export const ROUTE_ACCESS: readonly RouteAccess[] = ['public', 'member', 'admin'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required on every API route (docs/decisions/021). */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route the access plugin saw, with its rule (null: outside the API, no rule needed). */
    readonly accessRules: readonly AccessRule[];
  }
}

export interface AccessRule {
  method: string;
  url: string;
  access: RouteAccess | null;
}

/** Paths that belong to the API; the web app's pages and files are outside them. */
export const API_PREFIXES = ['/api', '/auth', '/billing', '/legal', '/ws'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

const CONTEXT_ACCESS = Symbol('pass.contextAccess');

/**
 * Gives the routes a third-party plugin registers in this (encapsulated) context a rule, since its routes
 * cannot carry our config. Used for the API documentation's own pages only.
 */
export function setContextAccess(instance: FastifyInstance, access: RouteAccess): void {
  (instance as unknown as Record<symbol, RouteAccess>)[CONTEXT_ACCESS] = access;
}

function contextAccess(instance: FastifyInstance): RouteAccess | undefined {
  return (instance as unknown as Record<symbol, RouteAccess | undefined>)[CONTEXT_ACCESS];
}

/**
 * Route access rules, declared and enforced. Every API route says who may call it with
 * `config: { access }`; a route without a rule stops the app from being built. The rule is checked
 * when the request arrives, before its body is read or validated: a visitor on a member route gets 401,
 * a member on an admin route 403, whatever they sent. Handlers still call requireSession/requireAdmin
 * for the session they need; its lookup is cached per request.
 *
 * The check is given to member and admin routes when they are declared, as the first of the route's own
 * `onRequest` hooks: a public route or page has nothing to run for it on each request. It runs after the hooks
 * the app adds for every request (request id, cookies, security headers and CSRF); a hook a module adds in its
 * own context would run before it.
 */
export const accessPlugin = fp<AuthDeps>(
  async (app: FastifyInstance, deps) => {
    const rules: AccessRule[] = [];
    app.decorate('accessRules', rules);

    app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const declared = route.config?.access ?? contextAccess(this);
      const { url } = route;
      if (!isApiPath(url)) {
        for (const method of methods) rules.push({ method, url, access: declared ?? null });
        // Outside the API only the route's own rule is enforced, not one given by its context.
        enforce(route, route.config?.access);
        return;
      }
      if (declared === undefined) {
        throw new Error(
          `${methods.join(',')} ${url} declares no access rule: add config: { access: 'public' | 'member' | 'admin' } to the route`,
        );
      }
      if (!ROUTE_ACCESS.includes(declared)) {
        throw new Error(`${methods.join(',')} ${url} declares an unknown access rule '${String(declared)}'`);
      }
      // A rule given by the context is written onto the route, so the docs read one place.
      route.config = { ...route.config, access: declared };
      for (const method of methods) rules.push({ method, url, access: declared });
      enforce(route, declared);
    });

    function enforce(route: RouteOptions, access: RouteAccess | undefined) {
      const check = access === 'member' ? requireMember : access === 'admin' ? requireAdminRole : null;
      if (!check) return;
      const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
      route.onRequest = [check, ...own];
    }

    async function requireMember(request: FastifyRequest) {
      // A bet-sync token's request is authorized by its route (authorizeSyncWrite), against its one account.
      if (isSyncTokenRequest(request)) return;
      await requireSession(deps, request);
    }

    async function requireAdminRole(request: FastifyRequest) {
      await requireAdmin(deps, request);
    }
  },
  { name: 'access', dependencies: ['@fastify/cookie'] },
);

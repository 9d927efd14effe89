import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { SESSION_COOKIE } from '../modules/auth/sessions.service.js';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set false on routes called by other systems with their own proof (signed webhooks). */
    csrf?: boolean;
    /** Who may call the route: anyone, a signed-in member, or the admin. */
    access?: 'public' | 'member' | 'admin';
    /**
     * The route also takes a bet-sync token (`Authorization: Bearer pass_sync_…`, decision 051) and checks it
     * itself (authorizeSyncWrite): a request with one and no session cookie needs neither a session nor the
     * CSRF pair.
     */
    syncToken?: boolean;
  }
}

/**
 * A bet-sync client's request to a route that takes its token: a bearer sync token and no session cookie. A
 * browser cannot be made to send such a header cross-site, and a cookie-less request carries no ambient
 * authority, so the CSRF pair has nothing to protect.
 */
export function isSyncTokenRequest(request: FastifyRequest): boolean {
  if (request.routeOptions.config.syncToken !== true || request.cookies[SESSION_COOKIE]) return false;
  const header = request.headers.authorization;
  return typeof header === 'string' && /^Bearer\s+pass_sync_\S+$/i.test(header.trim());
}

/** The strict content security policy of every page and answer (PayPal's pages widen it: `payPalPagePolicy`). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  // MUI (emotion) injects style elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} satisfies Record<string, string[]>;

/** PayPal's hosts, as its buttons need them (../shared/contracts/README.md, PayPal, "Content Security Policy"). */
const PAYPAL_SOURCES = ['*.paypal.com', '*.paypalobjects.com'];

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The policy of the pages with PayPal's buttons (decision 046): the strict one with PayPal's hosts, and the
 * origin of the SDK's address when it is elsewhere (a local stand-in in tests), added to script, frame, connect,
 * img and style sources.
 */
export function payPalPagePolicy(sdkUrl: string | undefined): string {
  const extra = [...PAYPAL_SOURCES];
  if (sdkUrl) {
    const { origin, hostname } = new URL(sdkUrl);
    if (!/(^|\.)paypal(objects)?\.com$/.test(hostname)) extra.push(origin);
  }
  const directives: Record<string, string[]> = { ...CSP_DIRECTIVES, frameSrc: ["'self'"] };
  for (const name of ['scriptSrc', 'frameSrc', 'connectSrc', 'imgSrc', 'styleSrc']) {
    directives[name] = [...directives[name]!, ...extra];
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
    .join(';');
}

export interface SecurityOptions {
  /** Cookies are Secure when the public URL is https. */
  secureCookies: boolean;
}

/**
 * Helmet's headers for these options, worked out once: helmet's middleware run on a stand-in response. Every
 * answer then gets the same values without helmet running per request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, () => undefined);
  return headers;
}

/**
 * The headers of the API's answers (JSON, never a page a browser renders): OWASP's set for REST services
 * (decision 091): nothing may load or frame them, no content sniffing, no cross-origin reads, HSTS on https.
 * A page's policy (scripts, styles, fonts, the referrer, the opener) has nothing to govern in a JSON answer,
 * and its 700 bytes went with every one of them.
 */
function apiHeaderOptions(secure: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xContentTypeOptions: true,
    strictTransportSecurity: secure,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/** Whether the request is for the JSON API (its interactive docs under /api/docs are a page). */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Whether the request comes from a browser page, which needs the CSRF cookie to write: a browser sends
 * `Sec-Fetch-Mode` with every request, and one too old to send it asks for the app's page as HTML first. Scripts,
 * health checks and load tests send neither, and are not handed a cookie they would not use.
 */
function isBrowserRequest(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-mode'] !== undefined) return true;
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

/**
 * Security headers, and CSRF protection by double submit: every response to a browser's request without the
 * `XSRF-TOKEN` cookie sets one; every state-changing request must echo it in `X-XSRF-TOKEN`.
 * A cross-site page can make the browser send the cookie but cannot read it to set the header.
 */
export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, options) => {
    const pageHeaders = securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      // The reset page sets its own stricter policy (no-referrer); this is the default for every other page.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: options.secureCookies,
    });
    const apiHeaders = securityHeaders(apiHeaderOptions(options.secureCookies));

    // Both hooks run on every request: they take a callback, since an async hook costs a promise and a turn.
    app.addHook('onRequest', (request, reply, done) => {
      // Set first, so a route's own policy (PayPal's pages, the reset page) replaces the default.
      reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
      done(csrfRefusal(request));
    });

    app.addHook('onSend', (request, reply, _payload, done) => {
      if (!request.cookies[CSRF_COOKIE] && isBrowserRequest(request)) {
        reply.setCookie(CSRF_COOKIE, randomBytes(32).toString('base64url'), {
          path: '/',
          sameSite: 'lax',
          secure: options.secureCookies,
          // The web app must read it to send it back in the header.
          httpOnly: false,
        });
      }
      done();
    });
  },
  { name: 'security', dependencies: ['@fastify/cookie'] },
);

/** Why a request that changes state is refused for want of the CSRF pair, or undefined when it may go on. */
function csrfRefusal(request: FastifyRequest): AppError | undefined {
  if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return undefined;
  if (isSyncTokenRequest(request)) return undefined;
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (cookie && typeof header === 'string' && sameToken(cookie, header)) return undefined;
  return AppError.forbidden(
    'Missing or invalid CSRF token: send the XSRF-TOKEN cookie value in the X-XSRF-TOKEN header',
  );
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

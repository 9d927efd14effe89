import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * The one rule for every request the server sends (decision 054): never to this machine or a private network.
 * Each address is checked when the connection is made, after the name is resolved, so a name that resolves
 * to a public address when checked and to a private one a moment later (a DNS rebind) is refused too.
 */

/**
 * Ranges no request of the server may reach: this host, private and shared networks, link-local, and the
 * special-purpose blocks of the IANA registries (RFC 6890, RFC 5735, RFC 6598, RFC 4193, RFC 4291). An
 * IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is checked as its IPv4 address by the block list itself; the
 * translation prefixes that carry an IPv4 address inside (NAT64, 6to4, Teredo) are refused whole.
 */
const FORBIDDEN_RANGES: readonly [address: string, prefix: number, family: 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['::', 96, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001::', 23, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const forbidden = new net.BlockList();
for (const [address, prefix, family] of FORBIDDEN_RANGES) forbidden.addSubnet(address, prefix, family);

/** Whether an IP address is one the server may send a request to: a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !forbidden.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether requests may reach private addresses: never in production; tests' local fakes listen on loopback. */
export interface OutboundPolicy {
  allowPrivateAddresses: boolean;
}

export const STRICT_OUTBOUND: OutboundPolicy = { allowPrivateAddresses: false };

/** The error a refused connection fails with; callers see it as any other network failure. */
export class OutboundAddressError extends Error {
  readonly code = 'EOUTBOUND_FORBIDDEN';
  constructor(host: string) {
    super(`Refused to connect to ${host}: not a public address`);
    this.name = 'OutboundAddressError';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for sockets that resolves as usual and refuses the connection when any address the name
 * resolves to is not public (one private answer among public ones is a rebind waiting to happen).
 */
export function guardedLookup(policy: OutboundPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!policy.allowPrivateAddresses && addresses.some((entry) => !isPublicAddress(entry.address))) {
        return callback(new OutboundAddressError(hostname), []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/** Throws unless the host, when it is an IP address written out, is a public one (a name is checked at lookup). */
export function checkLiteralHost(host: string, policy: OutboundPolicy): void {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (net.isIP(bare) !== 0 && !policy.allowPrivateAddresses && !isPublicAddress(bare)) {
    throw new OutboundAddressError(bare);
  }
}

/**
 * An HTTPS agent whose every connection goes through the rule: an address written in the URL is checked as it
 * is (sockets never look such a host up), a name at its lookup.
 */
export class GuardedHttpsAgent extends https.Agent {
  readonly #policy: OutboundPolicy;
  readonly #lookup: ReturnType<typeof guardedLookup>;

  constructor(policy: OutboundPolicy, options: https.AgentOptions = {}) {
    super(options);
    this.#policy = policy;
    this.#lookup = guardedLookup(policy);
  }

  override createConnection(
    options: https.RequestOptions & { host?: string | null },
    callback?: (error: Error | null, socket: Duplex) => void,
  ): Duplex | null | undefined {
    try {
      checkLiteralHost(options.host ?? options.hostname ?? '', this.#policy);
    } catch (error) {
      if (!callback) throw error;
      // The request fails with the error as with any other that stops a connection.
      callback(error as Error, undefined as unknown as Duplex);
      return undefined;
    }
    // `createConnection` is not in the agent's declared type, though every https.Agent has it.
    const base = https.Agent.prototype as unknown as {
      createConnection(this: https.Agent, options: object, callback?: unknown): Duplex;
    };
    return base.createConnection.call(this, { ...options, lookup: this.#lookup }, callback);
  }
}

/**
 * The push services a browser subscribes with, from each vendor's documentation: Chrome, Edge on Android, Opera
 * and Samsung Internet use Firebase Cloud Messaging (fcm.googleapis.com; android.googleapis.com in
 * subscriptions made before FCM), Firefox uses Mozilla's autopush (updates.push.services.mozilla.com), Edge
 * on Windows the Windows Push Notification Services (*.notify.windows.com), Safari Apple's service
 * (web.push.apple.com; Apple asks servers to allow *.push.apple.com). A Web Push endpoint is accepted only on
 * one of them, over https on the default port.
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
];
export const PUSH_SERVICE_HOST_SUFFIXES: readonly string[] = ['.push.apple.com', '.notify.windows.com'];

/**
 * Whether an endpoint is on a browser vendor's push service. `extraHosts` (host:port as the URL writes it) is
 * for tests' local push service only; production gives none.
 */
export function isPushServiceEndpoint(endpoint: string, extraHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  if (extraHosts.includes(url.host)) return true;
  if (url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/** Throws unless every address the URL's host stands for is public (or the policy allows private ones). */
export async function checkUrlAddresses(url: URL, policy: OutboundPolicy): Promise<void> {
  if (policy.allowPrivateAddresses) return;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (net.isIP(host) !== 0) return checkLiteralHost(host, policy);
  const addresses = await dns.promises.lookup(host, { all: true });
  if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw new OutboundAddressError(host);
  }
}

/**
 * `fetch` under the rule, for the providers' addresses the operator configures (The Odds API, PayPal, Google):
 * the host's addresses are checked before each request, and a redirect is never followed (none of these
 * services answers with one), so no answer can send the server on to another address. The global `fetch`
 * takes no lookup of its own: a name that changes its answer between the check and the connection is a limit
 * accepted for hosts the operator chose; the addresses members give (Web Push) are checked at the connection
 * itself (GuardedHttpsAgent).
 */
export function guardedFetch(policy: OutboundPolicy, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const target = input instanceof Request ? input.url : input instanceof URL ? input.href : String(input);
    await checkUrlAddresses(new URL(target), policy);
    return base(input, { ...init, redirect: 'error' });
  };
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that belong to the origin they were meant for, dropped when a redirect leads to another. */
const ORIGIN_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * `fetch` under the rule that follows redirects, for the free sources' public files (nflverse's games.csv on
 * github.com answers with a redirect to raw.githubusercontent.com; release downloads to objects.githubusercontent.com):
 * each hop is a request of its own, its address checked like the first, at most `maxRedirects` of them, never from
 * https down to http, and without the first origin's credentials on another origin. The answer is the last hop's.
 * For GET requests (a redirect repeats the request as it was).
 */
export function guardedFetchFollowingRedirects(
  policy: OutboundPolicy,
  options: { maxRedirects?: number; base?: typeof fetch } = {},
): typeof fetch {
  const base = options.base ?? fetch;
  const maxRedirects = options.maxRedirects ?? 5;
  return async (input, init) => {
    let url = new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : String(input));
    const headers = new Headers(init?.headers);
    for (let hop = 0; ; hop++) {
      await checkUrlAddresses(url, policy);
      const response = await base(url, { ...init, headers, redirect: 'manual' });
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
      await response.body?.cancel();
      if (hop >= maxRedirects) throw new TypeError(`more than ${maxRedirects} redirects from ${url.host}`);
      const next = new URL(location, url);
      if (next.protocol !== 'https:' && next.protocol !== 'http:') {
        throw new TypeError(`refused a redirect to ${next.protocol} from ${url.host}`);
      }
      if (url.protocol === 'https:' && next.protocol === 'http:') {
        throw new TypeError(`refused a redirect from https to http (${url.host} to ${next.host})`);
      }
      if (next.origin !== url.origin) for (const name of ORIGIN_HEADERS) headers.delete(name);
      url = next;
    }
  };
}

import { createECDH, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { POOL_DEFAULTS } from '@pass/domain';
import type { OutboundPolicy } from './lib/outbound.js';

/**
 * The server's configuration, read from the environment and checked at start-up.
 * An empty variable counts as unset, so `.env.example` boots as it is.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const urlWithProtocols = (protocols: string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return protocols.includes(url.protocol) && url.hostname.length > 0;
      } catch {
        return false;
      }
    },
    { message: `must be a URL such as ${example}` },
  );

/** The names proxy-addr (Fastify's trustProxy) gives to ranges of addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(item: string): boolean {
  if (PROXY_RANGE_NAMES.includes(item)) return true;
  const [address = '', bits, ...extra] = item.split('/');
  const version = net.isIP(address);
  if (version === 0 || extra.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For to believe: off (none, the default), or the proxies' addresses, CIDR ranges
 * and the names loopback, linklocal and uniquelocal, separated by commas. Not a hop count: Fastify trusts
 * nobody for one, as it cannot tell a proxy from a client that writes the header itself.
 */
const TrustProxy = z
  .string()
  .default('off')
  .transform((value, context): false | string[] => {
    const text = value.trim();
    if (text === 'off') return false;
    const items = text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (items.length > 0 && items.every(isAddressOrRange)) return items;
    context.addIssue({
      code: 'custom',
      message: 'must be off, or addresses, CIDR ranges or loopback, linklocal, uniquelocal, separated by commas',
    });
    return z.NEVER;
  });

/** A scheduled refresh switch: on unless set to off. */
const onOff = z
  .enum(['on', 'off'], { message: 'must be on or off' })
  .default('on')
  .transform((value) => value === 'on');

/** The App Store's environments; Xcode and LocalTesting sign nothing (decision 047). */
const APPLE_ENVIRONMENTS = ['Production', 'Sandbox', 'Xcode', 'LocalTesting'] as const;
export type AppleEnvironment = (typeof APPLE_ENVIRONMENTS)[number];

/** A Google Cloud service account's key, as its JSON key file holds it. */
const ServiceAccountKey = z.object({
  client_email: z.string().min(1),
  private_key: z.string().includes('PRIVATE KEY'),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});
export type GoogleServiceAccount = z.infer<typeof ServiceAccountKey>;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().default('localhost'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: urlWithProtocols(
    ['postgres:', 'postgresql:'],
    'postgres://user:password@host:5432/database',
  ).optional(),
  // Off for a connection pooler in transaction mode that cannot keep prepared statements (decision 096).
  DATABASE_PREPARED_STATEMENTS: onOff,
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'redis://127.0.0.1:6379').optional(),
  // Every Redis key and channel starts with it: deployments (or test runs) sharing one Redis never meet.
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _ . : - only, at most 64')
    .default('pass:'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'https://pass.example.org').optional(),
  PASS_SEED: z.enum(['auto', 'demo', 'none']).default('auto'),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:password@mail.example.org:587').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be between 100 and 600000')
    .max(600_000, 'must be between 100 and 600000')
    .default(30_000),
  // After SIGTERM, how long the instance keeps serving while readiness says `draining`, so load balancers stop
  // sending to it before it stops listening.
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be between 0 and 60000')
    .max(60_000, 'must be between 0 and 60000')
    .default(5_000),
  TRUST_PROXY: TrustProxy,
  PAGE_VIEWS_PER_MINUTE: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 100000')
    .max(100_000, 'must be between 1 and 100000')
    .default(60),
  POOL_MAX_PER_LIFEGUARD: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(50, 'must be at most 50')
    .default(POOL_DEFAULTS.maxPoolsPerLifeguard),
  SUPPORT_EMAIL: z.email('must be an email address').optional(),
  APP_STORE_URL: urlWithProtocols(['https:'], 'https://apps.apple.com/app/id000000000').optional(),
  PLAY_STORE_URL: urlWithProtocols(['https:'], 'https://play.google.com/store/apps/details?id=…').optional(),
  WEB_DIST_DIR: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: urlWithProtocols(['https:', 'http:'], 'https://accounts.google.com').default(
    'https://accounts.google.com',
  ),
  ODDS_API_KEY: z.string().optional(),
  ODDS_API_URL: urlWithProtocols(['https:', 'http:'], 'https://api.the-odds-api.com').optional(),
  ESPN_API_URL: urlWithProtocols(['https:', 'http:'], 'https://site.api.espn.com').optional(),
  MLB_STATSAPI_URL: urlWithProtocols(['https:', 'http:'], 'https://statsapi.mlb.com').optional(),
  NFLVERSE_GAMES_URL: urlWithProtocols(
    ['https:', 'http:'],
    'https://github.com/nflverse/nfldata/raw/master/data/games.csv',
  ).optional(),
  CFBD_API_KEY: z.string().optional(),
  CFBD_API_URL: urlWithProtocols(['https:', 'http:'], 'https://apinext.collegefootballdata.com').optional(),
  PAYPAL_API_URL: urlWithProtocols(['https:', 'http:'], 'https://api-m.paypal.com').default(
    'https://api-m.sandbox.paypal.com',
  ),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_SDK_URL: urlWithProtocols(['https:', 'http:'], 'https://www.paypal.com/sdk/js').default(
    'https://www.paypal.com/sdk/js',
  ),
  APPLE_ROOT_CERTS: z.string().optional(),
  APPLE_BUNDLE_ID: z.string().optional(),
  APPLE_APP_APPLE_ID: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .positive('must be the app’s Apple ID, a positive number')
    .optional(),
  APPLE_ENVIRONMENT: z
    .enum(APPLE_ENVIRONMENTS, { message: `must be one of ${APPLE_ENVIRONMENTS.join(', ')}` })
    .default('Production'),
  GOOGLE_PLAY_API_URL: urlWithProtocols(['https:', 'http:'], 'https://androidpublisher.googleapis.com').default(
    'https://androidpublisher.googleapis.com',
  ),
  GOOGLE_PLAY_PACKAGE_NAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/, { message: 'must be an Android package name' })
    .optional(),
  GOOGLE_PLAY_SERVICE_ACCOUNT: z.string().optional(),
  GOOGLE_PLAY_PUSH_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  REFRESH_ODDS: onOff,
  REFRESH_SCORES: onOff,
  REFRESH_SCHEDULES: onOff,
  // The free live sources (nflverse, the ESPN scoreboard, the MLB Stats API), polled on their calendar.
  REFRESH_LIVE: onOff,
  // How often the instance that leads looks for due jobs, and another instance tries to take the lead.
  JOBS_TICK_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of milliseconds')
    .min(1_000, 'must be between 1000 and 600000')
    .max(600_000, 'must be between 1000 and 600000')
    // Live sources are polled every 30 s while games are played (decision 067): the tick is shorter.
    .default(15_000),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, {
      message: 'must be a P-256 public key: 65 bytes in base64url (npx web-push generate-vapid-keys)',
    })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, {
      message: 'must be a P-256 private key: 32 bytes in base64url (npx web-push generate-vapid-keys)',
    })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .refine(
      (value) => /^mailto:[^@\s]+@[^@\s]+$/.test(value) || urlWithProtocols(['https:'], '').safeParse(value).success,
      {
        message: 'must be a mailto: address or an https: URL, such as mailto:support@pass.example.org',
      },
    )
    .optional(),
  POOL_MAILS: onOff,
  /**
   * Lets the server's requests to providers reach loopback and private addresses: only for local fakes (the
   * tests, the browser tests, a developer's machine). Off unless set to on (decision 054).
   */
  OUTBOUND_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['on', 'off'], { message: 'must be on or off' })
    .default('off')
    .transform((value) => value === 'on'),
  PASS_CLOCK: z.iso
    .datetime({ offset: true, message: 'must be an instant such as 2026-11-22T17:00:00Z (or with an offset, -05:00)' })
    .transform((value) => new Date(value))
    .optional(),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Whether PostgreSQL connections keep their statements prepared (DATABASE_PREPARED_STATEMENTS). */
  databasePreparedStatements: boolean;
  redisUrl: string | undefined;
  /** The start of every Redis key and channel name (REDIS_KEY_PREFIX). */
  redisKeyPrefix: string;
  publicUrl: string;
  seed: 'auto' | 'demo' | 'none';
  smtpUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /**
   * How long a client may take to send a whole request, headers and body; a slower one is answered 408 and
   * its connection closed. The time to answer is not counted.
   */
  requestTimeoutMs: number;
  /** After SIGTERM, how long the instance serves on while readiness answers `draining` (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number;
  /** Fastify's trustProxy: whose X-Forwarded-For sets request.ip (and so the login limits' buckets). */
  trustProxy: false | string[];
  /** Page views (`GET /api/segments`) one client address may report a minute; more get 429. */
  pageViewsPerMinute: number;
  poolMaxPerLifeguard: number;
  supportEmail: string;
  appStoreUrl: string | undefined;
  playStoreUrl: string | undefined;
  /** The built web app, served with history fallback; absent in server-only tests. */
  webDistDir: string;
  /** The From of every mail. */
  mailFrom: string;
  /** Google sign-in; off unless a client id and secret are set. */
  /** Google sign-in; its requests (discovery, keys, tokens) follow `outbound`. */
  google: { issuer: string; clientId: string; clientSecret: string; outbound?: OutboundPolicy } | null;
  /** The Odds API: current odds and scores; imports from it are off without a key. */
  oddsApiKey: string | undefined;
  /** The Odds API's host; a local replay server in tests. */
  oddsApiUrl: string | undefined;
  /** The ESPN scoreboard's host (site.api.espn.com by default); a local fake in tests. */
  espnApiUrl: string | undefined;
  /** The MLB Stats API's host (its schedule, free); a local fake in tests. */
  mlbStatsapiUrl: string | undefined;
  /** The address of nflverse's games.csv (free); a local fake in tests. */
  nflverseGamesUrl: string | undefined;
  /** CollegeFootballData: college games and lines, polled live; absent without a key (a monthly call allowance). */
  cfbdApiKey: string | undefined;
  /** CollegeFootballData's API v2 host (apinext.collegefootballdata.com by default); a local fake in tests. */
  cfbdApiUrl: string | undefined;
  /** PayPal, when both client credentials are set: the REST host, the webhook's id and the buttons' script. */
  paypal: {
    apiUrl: string;
    clientId: string;
    clientSecret: string;
    webhookId: string | undefined;
    sdkUrl: string;
  } | null;
  /**
   * App Store Server Notifications (decision 047), when APPLE_ROOT_CERTS and APPLE_BUNDLE_ID are set: the root
   * certificates (DER) a notification's chain must lead to, the app, and the environment it is sold in.
   */
  apple: {
    rootCertificates: Buffer[];
    bundleId: string;
    appAppleId: number | undefined;
    environment: AppleEnvironment;
    /** Revocation (OCSP) and expiry checked against the real date: production only, as it calls Apple. */
    onlineChecks: boolean;
  } | null;
  /**
   * Google Play (decision 047), when the package, the service account and the push token are set: the
   * Android Publisher API's host, the service account it is called as, and the token the Pub/Sub push URL
   * carries (`?token=`).
   */
  googlePlay: {
    apiUrl: string;
    packageName: string;
    serviceAccount: GoogleServiceAccount;
    pushToken: string;
  } | null;
  /**
   * The scheduled refresh (jobs/, started by main.ts): odds a few times a day and before kickoffs, scores
   * while games are live, schedules daily, and the pool mails (reminders and weekly results) every few minutes.
   * Each can be switched off.
   */
  refresh: { odds: boolean; scores: boolean; schedules: boolean; pool_mails: boolean };
  /** Whether the free live sources are polled (REFRESH_LIVE), and asked for the current season on a first run. */
  refreshLive: boolean;
  /** How often the scheduler ticks (JOBS_TICK_MS): a standby instance takes the lead within one tick. */
  jobsTickMs: number;
  /**
   * Where the server's requests to providers may go (decision 054): never to this machine or a private
   * network, unless OUTBOUND_ALLOW_PRIVATE_ADDRESSES=on for local fakes.
   */
  outbound: OutboundPolicy;
  /**
   * A testing aid (PASS_CLOCK): the instant the server clock reads at start, running forward in real time
   * from there; unset, the server clock is the real one (lib/clock.ts, docs/decisions/020).
   */
  clockStart: Date | undefined;
  /**
   * Web Push (docs/decisions/044): the VAPID key pair the server signs its pushes with, and the contact the
   * push services are given (VAPID_SUBJECT, else the support address). Null, push off, without the keys.
   */
  push: { publicKey: string; privateKey: string; subject: string } | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(
    Object.keys(EnvSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const variable = String(issue.path[0] ?? 'environment');
        const value = present[variable];
        return `${variable}: ${issue.message}${value === undefined ? '' : ` (got "${value}")`}`;
      }),
    );
  }
  const values = parsed.data;
  const pushProblem = vapidProblem(values.VAPID_PUBLIC_KEY, values.VAPID_PRIVATE_KEY);
  if (pushProblem) throw new ConfigError([pushProblem]);
  const apple = appleConfig(values);
  const googlePlay = googlePlayConfig(values);
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  const supportEmail = values.SUPPORT_EMAIL ?? `support@${new URL(publicUrl).hostname}`;
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databasePreparedStatements: values.DATABASE_PREPARED_STATEMENTS,
    redisUrl: values.REDIS_URL,
    redisKeyPrefix: values.REDIS_KEY_PREFIX,
    publicUrl,
    seed: values.PASS_SEED,
    smtpUrl: values.SMTP_URL,
    logLevel: values.LOG_LEVEL,
    requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
    shutdownDrainMs: values.SHUTDOWN_DRAIN_MS,
    trustProxy: values.TRUST_PROXY,
    pageViewsPerMinute: values.PAGE_VIEWS_PER_MINUTE,
    poolMaxPerLifeguard: values.POOL_MAX_PER_LIFEGUARD,
    supportEmail,
    appStoreUrl: values.APP_STORE_URL,
    playStoreUrl: values.PLAY_STORE_URL,
    webDistDir: values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : defaultWebDistDir(),
    mailFrom: values.MAIL_FROM ?? `PA$$ <no-reply@${new URL(publicUrl).hostname}>`,
    google:
      values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
        ? {
            issuer: values.GOOGLE_ISSUER,
            clientId: values.GOOGLE_CLIENT_ID,
            clientSecret: values.GOOGLE_CLIENT_SECRET,
            outbound: { allowPrivateAddresses: values.OUTBOUND_ALLOW_PRIVATE_ADDRESSES },
          }
        : null,
    oddsApiKey: values.ODDS_API_KEY,
    oddsApiUrl: values.ODDS_API_URL?.replace(/\/+$/, ''),
    espnApiUrl: values.ESPN_API_URL?.replace(/\/+$/, ''),
    mlbStatsapiUrl: values.MLB_STATSAPI_URL?.replace(/\/+$/, ''),
    nflverseGamesUrl: values.NFLVERSE_GAMES_URL,
    cfbdApiKey: values.CFBD_API_KEY,
    cfbdApiUrl: values.CFBD_API_URL?.replace(/\/+$/, ''),
    paypal:
      values.PAYPAL_CLIENT_ID && values.PAYPAL_CLIENT_SECRET
        ? {
            apiUrl: values.PAYPAL_API_URL.replace(/\/+$/, ''),
            clientId: values.PAYPAL_CLIENT_ID,
            clientSecret: values.PAYPAL_CLIENT_SECRET,
            webhookId: values.PAYPAL_WEBHOOK_ID,
            sdkUrl: values.PAYPAL_SDK_URL,
          }
        : null,
    apple,
    googlePlay,
    refresh: {
      odds: values.REFRESH_ODDS,
      scores: values.REFRESH_SCORES,
      schedules: values.REFRESH_SCHEDULES,
      pool_mails: values.POOL_MAILS,
    },
    refreshLive: values.REFRESH_LIVE,
    jobsTickMs: values.JOBS_TICK_MS,
    outbound: { allowPrivateAddresses: values.OUTBOUND_ALLOW_PRIVATE_ADDRESSES },
    clockStart: values.PASS_CLOCK,
    push:
      values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
        ? {
            publicKey: values.VAPID_PUBLIC_KEY,
            privateKey: values.VAPID_PRIVATE_KEY,
            subject: values.VAPID_SUBJECT ?? `mailto:${supportEmail}`,
          }
        : null,
  };
}

type EnvValues = z.infer<typeof EnvSchema>;

/**
 * The App Store's notifications: on with root certificates and a bundle id. Production never accepts the Xcode
 * and LocalTesting environments, whose notifications are not signed by Apple: with them anyone could grant
 * themselves a subscription.
 */
function appleConfig(values: EnvValues): Config['apple'] {
  const set = [values.APPLE_ROOT_CERTS, values.APPLE_BUNDLE_ID].filter(Boolean).length;
  if (set === 0) return null;
  if (set === 1) {
    const missing = values.APPLE_ROOT_CERTS ? 'APPLE_BUNDLE_ID' : 'APPLE_ROOT_CERTS';
    throw new ConfigError([
      `${missing}: must be set with the other (APPLE_ROOT_CERTS and APPLE_BUNDLE_ID, or neither)`,
    ]);
  }
  const environment = values.APPLE_ENVIRONMENT;
  const problems: string[] = [];
  if (values.NODE_ENV === 'production' && (environment === 'Xcode' || environment === 'LocalTesting')) {
    problems.push(
      `APPLE_ENVIRONMENT: must be Production or Sandbox in production (${environment} notifications are not signed by Apple)`,
    );
  }
  if (environment === 'Production' && values.APPLE_APP_APPLE_ID === undefined) {
    problems.push('APPLE_APP_APPLE_ID: must be set when APPLE_ENVIRONMENT is Production');
  }
  const rootCertificates: Buffer[] = [];
  for (const item of values
    .APPLE_ROOT_CERTS!.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const certificate = readCertificate(item);
    if (certificate) rootCertificates.push(certificate);
    else
      problems.push(
        `APPLE_ROOT_CERTS: "${item.slice(0, 40)}" is neither a certificate file nor a base64 DER certificate`,
      );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    rootCertificates,
    bundleId: values.APPLE_BUNDLE_ID!,
    appAppleId: values.APPLE_APP_APPLE_ID,
    environment,
    onlineChecks: values.NODE_ENV === 'production',
  };
}

/** A certificate from a file (DER or PEM) or from base64 DER, as DER; null when it is none of these. */
function readCertificate(item: string): Buffer | null {
  try {
    const bytes = existsSync(item) ? readFileSync(item) : Buffer.from(item, 'base64');
    return new X509Certificate(bytes).raw;
  } catch {
    return null;
  }
}

/** Google Play's notifications and API: on when the package, the service account and the push token are all set. */
function googlePlayConfig(values: EnvValues): Config['googlePlay'] {
  const names = ['GOOGLE_PLAY_PACKAGE_NAME', 'GOOGLE_PLAY_SERVICE_ACCOUNT', 'GOOGLE_PLAY_PUSH_TOKEN'] as const;
  const missing = names.filter((name) => !values[name]);
  if (missing.length === names.length) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      missing.map((name) => `${name}: must be set with ${names.filter((other) => other !== name).join(' and ')}`),
    );
  }
  const raw = values.GOOGLE_PLAY_SERVICE_ACCOUNT!.trim();
  let serviceAccount: GoogleServiceAccount;
  try {
    const text = raw.startsWith('{') ? raw : readFileSync(raw, 'utf8');
    serviceAccount = ServiceAccountKey.parse(JSON.parse(text));
  } catch {
    throw new ConfigError([
      'GOOGLE_PLAY_SERVICE_ACCOUNT: must be a service account key (its JSON, or the path of its JSON file) with client_email and private_key',
    ]);
  }
  return {
    apiUrl: values.GOOGLE_PLAY_API_URL.replace(/\/+$/, ''),
    packageName: values.GOOGLE_PLAY_PACKAGE_NAME!,
    serviceAccount,
    pushToken: values.GOOGLE_PLAY_PUSH_TOKEN!,
  };
}

/** Both VAPID keys or neither, and the public key the private key's own: a wrong pair signs pushes no one accepts. */
function vapidProblem(publicKey: string | undefined, privateKey: string | undefined): string | null {
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey) {
    return `${publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: must be set with ${publicKey ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'} (both, or neither to turn push off)`;
  }
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    if (ecdh.getPublicKey('base64url') === publicKey) return null;
  } catch {
    // An out-of-range private key: said below.
  }
  return 'VAPID_PRIVATE_KEY: is not the private key of VAPID_PUBLIC_KEY';
}

function defaultWebDistDir(): string {
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve('@pass/web/package.json')), 'dist');
  } catch {
    return path.resolve('apps/web/dist');
  }
}

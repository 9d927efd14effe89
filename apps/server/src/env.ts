import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { POOL_DEFAULTS } from '@pass/domain';

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
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'redis://127.0.0.1:6379').optional(),
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
  REFRESH_ODDS: onOff,
  REFRESH_SCORES: onOff,
  REFRESH_SCHEDULES: onOff,
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
  redisUrl: string | undefined;
  publicUrl: string;
  seed: 'auto' | 'demo' | 'none';
  smtpUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /**
   * How long a client may take to send a whole request, headers and body; a slower one is answered 408 and
   * its connection closed. The time to answer is not counted.
   */
  requestTimeoutMs: number;
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
  google: { issuer: string; clientId: string; clientSecret: string } | null;
  /** The Odds API: current odds and scores; imports from it are off without a key. */
  oddsApiKey: string | undefined;
  /** The Odds API's host; a local replay server in tests. */
  oddsApiUrl: string | undefined;
  /**
   * The scheduled refresh (jobs/, started by main.ts): odds a few times a day and before kickoffs, scores
   * while games are live, schedules daily. Each can be switched off.
   */
  refresh: { odds: boolean; scores: boolean; schedules: boolean };
  /**
   * A testing aid (PASS_CLOCK): the instant the server clock reads at start, running forward in real time
   * from there; unset, the server clock is the real one (lib/clock.ts, docs/decisions/020).
   */
  clockStart: Date | undefined;
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
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    publicUrl,
    seed: values.PASS_SEED,
    smtpUrl: values.SMTP_URL,
    logLevel: values.LOG_LEVEL,
    requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
    trustProxy: values.TRUST_PROXY,
    pageViewsPerMinute: values.PAGE_VIEWS_PER_MINUTE,
    poolMaxPerLifeguard: values.POOL_MAX_PER_LIFEGUARD,
    supportEmail: values.SUPPORT_EMAIL ?? `support@${new URL(publicUrl).hostname}`,
    appStoreUrl: values.APP_STORE_URL,
    playStoreUrl: values.PLAY_STORE_URL,
    webDistDir: values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : defaultWebDistDir(),
    mailFrom: values.MAIL_FROM ?? `PA$$ <no-reply@${new URL(publicUrl).hostname}>`,
    google:
      values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
        ? { issuer: values.GOOGLE_ISSUER, clientId: values.GOOGLE_CLIENT_ID, clientSecret: values.GOOGLE_CLIENT_SECRET }
        : null,
    oddsApiKey: values.ODDS_API_KEY,
    oddsApiUrl: values.ODDS_API_URL?.replace(/\/+$/, ''),
    refresh: { odds: values.REFRESH_ODDS, scores: values.REFRESH_SCORES, schedules: values.REFRESH_SCHEDULES },
    clockStart: values.PASS_CLOCK,
  };
}

function defaultWebDistDir(): string {
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve('@pass/web/package.json')), 'dist');
  } catch {
    return path.resolve('apps/web/dist');
  }
}

import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import type { DbHandle } from '@pass/db';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './env.js';
import { clockFor, type Clock } from './lib/clock.js';
import { requestArrived, yieldToEventLoop } from './lib/event-loop.js';
import { createRedisInstanceSignals } from './lib/instance-signals.js';
import { createMemoryPubSub, createRedisPubSub, type PubSub } from './lib/pubsub.js';
import { runningLifecycle, SERVICE_RESTART, type InstanceLifecycle } from './lib/lifecycle.js';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './lib/rate-limiter.js';
import type { AuthDeps } from './modules/auth/auth-context.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { googleRoutes } from './modules/auth/google.routes.js';
import { adminBillingRoutes } from './modules/billing/admin-billing.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { mobileStoreRoutes } from './modules/billing/mobile-stores.routes.js';
import { createChatBus, type ChatBus } from './modules/chat/chat-bus.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { createRoomNotices, type RoomNotices } from './modules/chat/room-notices.service.js';
import { createMailer, type Mailer } from './modules/mail/mailer.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { notificationRoutes } from './modules/notifications/preferences.routes.js';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.js';
import { demoRoutes } from './modules/demo/demo.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { FirstRunProgress } from './modules/imports/first-run-progress.js';
import { importsRoutes } from './modules/imports/imports.routes.js';
import { entriesRoutes } from './modules/ledger/entries.routes.js';
import { parlaysRoutes } from './modules/ledger/parlays.routes.js';
import { playLimitsRoutes } from './modules/ledger/play-limits.routes.js';
import { resultsRoutes } from './modules/ledger/results.routes.js';
import { StatsCache } from './modules/ledger/stats-cache.js';
import { statsRoutes } from './modules/ledger/stats.routes.js';
import { tellerRoutes } from './modules/ledger/teller.routes.js';
import { legalRoutes } from './modules/legal/legal.routes.js';
import { createLiveBus } from './modules/live/live-bus.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { registerLivePublisher } from './modules/live/live.service.js';
import type { PushNotifier } from './modules/notifications/push-notifier.js';
import { pushRoutes } from './modules/notifications/push.routes.js';
import { createWebPushNotifier, type WebPushNotifier } from './modules/notifications/web-push-notifier.js';
import { invitationsRoutes } from './modules/pools/invitations.routes.js';
import { poolsRoutes, type PoolsRoutesOptions } from './modules/pools/pools.routes.js';
import { standingsRoutes } from './modules/pools/standings.routes.js';
import { weekTotalsStored } from './modules/pools/week-totals.service.js';
import { weeksRoutes } from './modules/pools/weeks.routes.js';
import { segmentsRoutes } from './modules/segments/segments.routes.js';
import { invalidateSportsCaches, onSportsInvalidated, SPORTS_CHANGED } from './modules/sports/sports-cache.js';
import { sportsRoutes } from './modules/sports/sports.routes.js';
import { syncImportRoutes } from './modules/sync/sync-import.routes.js';
import { syncAccountsRoutes } from './modules/sync/sync-accounts.routes.js';
import { accessPlugin } from './plugins/access.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import {
  clientErrorHandler,
  errorHandlerPlugin,
  frameworkErrorHandler,
  MAX_PARAM_LENGTH,
} from './plugins/error-handler.js';
import { securityPlugin } from './plugins/security.js';
import { AppStoreVerifier } from './providers/apple/app-store-verifier.js';
import { GooglePlayClient } from './providers/google-play/google-play-client.js';
import { PayPalClient } from './providers/paypal/paypal-client.js';
import { textPolicyPlugin } from './plugins/text-policy.js';
import { webAppPlugin } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's mailer: the scheduled pool mails (main.ts) send through the same outbox and SMTP. */
    mailer: Mailer;
    /** Tells a member's open sockets, on every instance, that sessions ended: for the session clean-up job. */
    memberSignal: NonNullable<AuthDeps['memberSignal']>;
  }
}

export interface AppDependencies {
  config: Config;
  database: DbHandle;
  /** Defaults to SMTP over SMTP_URL, or the outbox alone. */
  mailer?: Mailer;
  /** Defaults to Redis when REDIS_URL is set, else memory. */
  limiter?: RateLimiter;
  /**
   * How what is stored reaches every instance's sockets (chat rooms, live games): Redis pub/sub when REDIS_URL is
   * set, else in-process.
   */
  pubsub?: PubSub;
  /** The chat rooms' bus; defaults to the chat's topics on `pubsub`. */
  chatBus?: ChatBus;
  /**
   * How members' devices are reached (decision 044): defaults to Web Push with the configured VAPID keys, off
   * without them. The app passes it to the modules that notify, and shows it as `app.pushNotifier` for the
   * jobs main.ts runs beside the app.
   */
  pushNotifier?: WebPushNotifier;
  /** How often chat and live sockets are pinged (chat.routes.ts, live.routes.ts); tests shorten it. */
  chatHeartbeatMs?: number;
  /** Pino options or an instance-specific logger; defaults to JSON logs at the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (stdout when unset); tests pass a stream to read the logs. */
  logStream?: { write(line: string): void };
  /**
   * The server clock every module that decides by the date reads (lib/clock.ts); defaults to the one the
   * configuration sets (PASS_CLOCK), else the real clock. Tests pass a fixed one.
   */
  now?: Clock;
  /** The first-run import running behind the app (start.ts); an app without one has its data already. */
  firstRun?: FirstRunProgress;
  /** Whether the instance is shutting down (main.ts sets it on SIGTERM): readiness answers `draining`. */
  lifecycle?: InstanceLifecycle;
  /**
   * How long work (a large sync) gives the event loop a turn between its steps; defaults to
   * lib/event-loop.ts's `yieldToEventLoop`. Tests pass one that watches the turns.
   */
  yieldTurn?: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The room notices job (decision 041): run after grading here, and on each tick by main.ts's scheduler. */
    roomNotices: RoomNotices;
    /** Sends a member's notifications to their devices, as they opted in (decision 044). */
    pushNotifier: PushNotifier;
  }
}

/** Paths that carry a secret token: /auth/verify/…, /auth/passwd/reset/…, /…/email/revert/…, ?token=… */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/(?:verify|reset|revert)\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:token|code|state)=)[^&#]*/g, '$1[redacted]');
}

/**
 * One log line per request, written once it is answered, with the request, its status and its time: half the
 * logging work of Fastify's two lines for a cheap request (bench: request-path).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * Each request's logger: a child of the app's that names the request, unless the app logs nothing (LOG_LEVEL
 * silent, as the bench and the tests run), where a child per request would be built for no line ever written.
 */
const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  logger.level === 'silent' && options.level === undefined ? logger : logger.child(bindings, options);

// An incoming request id is kept only if it looks like one, so logs cannot be polluted through it.
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/** Builds the whole application without listening: main.ts listens, tests use `app.inject()`. */
export async function buildApp({
  config,
  database,
  logger,
  logStream,
  now = clockFor(config),
  ...overrides
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // Fastify's own request serializer, with the secret in token links taken out of the URL.
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-xsrf-token"]',
          'res.headers["set-cookie"]',
        ],
        remove: true,
      },
    },
    logController: new OneLinePerRequest(),
    childLoggerFactory: requestLogger,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names: otherwise any client could pick
    // the address its login attempts are counted under.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request (headers and body) must arrive within REQUEST_TIMEOUT_MS, so slow uploads cannot hold
    // connections open; Node checks the deadlines every second (every 30 by default).
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(config.requestTimeoutMs / 4))),
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // What fails before a route is found, or before Fastify has a request at all, answers in the API's shape.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Hooks that run on every request take a callback: an async one costs a promise and a turn per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Counted until its answer ends (background work gives way meanwhile); a socket's upgrade is not an answer.
    if (!request.headers.upgrade) reply.raw.once('close', requestArrived());
    done();
  });
  app.addHook('onClose', async () => {
    // No room run starts on a database about to close; the one under way ends first.
    await roomNotices.close();
    // A standings read may have left its worked-out weeks to store after its answer.
    await weekTotalsStored();
    await database.close();
  });

  await app.register(errorHandlerPlugin);
  await app.register(textPolicyPlugin);
  await app.register(cookie);
  // Sockets are upgraded only once a route's hooks (session, Origin, membership) have let them through.
  await app.register(websocket, {
    options: { maxPayload: 16 * 1024 },
    // On shutdown every socket is told the server restarts: the web app connects again, through the load
    // balancer to another instance, and resumes after the last message it has.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(SERVICE_RESTART, 'The server is restarting');
      this.websocketServer.close(() => undefined);
      done();
    },
  });
  await app.register(securityPlugin, { secureCookies: config.publicUrl.startsWith('https://') });

  const { db } = database;
  const mailer = overrides.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const limiter =
    overrides.limiter ??
    (config.redisUrl
      ? createRedisRateLimiter(new Redis(config.redisUrl), config.redisKeyPrefix)
      : createMemoryRateLimiter());
  const pubsub =
    overrides.pubsub ??
    (config.redisUrl
      ? createRedisPubSub(config.redisUrl, {
          prefix: config.redisKeyPrefix,
          onError: (error) => app.log.warn({ err: error }, 'pub/sub: Redis'),
        })
      : createMemoryPubSub());
  const chatBus = overrides.chatBus ?? createChatBus(pubsub);
  // Games changed in this process (imports, jobs, the admin's result) are told to every instance's live sockets.
  const liveBus = createLiveBus(pubsub);
  const stopPublishing = registerLivePublisher(database.db, {
    bus: liveBus,
    onError: (error) => app.log.warn({ err: error }, 'live: a change to games could not be told'),
  });
  // With Redis, a change one instance makes to a sport's data clears the other instances' cached answers too.
  const signals = config.redisUrl
    ? createRedisInstanceSignals(config.redisUrl, {
        prefix: `${config.redisKeyPrefix}signals:`,
        onError: (error) => app.log.warn({ err: error }, 'instance signals: Redis'),
      })
    : null;
  if (signals) {
    await signals.subscribe(SPORTS_CHANGED, (sport) =>
      invalidateSportsCaches(database.db, sport, { fromAnotherInstance: true }),
    );
    const stopTelling = onSportsInvalidated(database.db, (sport) => {
      signals.publish(SPORTS_CHANGED, sport).catch((error: unknown) => {
        app.log.warn({ err: error }, 'instance signals: a sport change could not be told to the other instances');
      });
    });
    app.addHook('onClose', async () => {
      stopTelling();
      await signals.close();
    });
  }
  const pushNotifier =
    overrides.pushNotifier ??
    createWebPushNotifier({ db, push: config.push, now, log: app.log.child({ module: 'push' }) });
  app.decorate('pushNotifier', pushNotifier as PushNotifier);
  app.addHook('onClose', async () => {
    stopPublishing();
    await mailer.close();
    await limiter.close();
    await chatBus.close();
    await pubsub.close();
  });
  app.decorate('mailer', mailer);
  const authDeps: AuthDeps = {
    db,
    config,
    mailer,
    limiter,
    now,
    memberSignal: (userId, change) => chatBus.publishMember(userId, { type: change }),
  };
  app.decorate('memberSignal', authDeps.memberSignal!);
  const paypal = config.paypal
    ? new PayPalClient({
        baseUrl: config.paypal.apiUrl,
        clientId: config.paypal.clientId,
        clientSecret: config.paypal.clientSecret,
        outbound: config.outbound,
        log: (message) => app.log.info(message),
      })
    : null;
  const appStore = config.apple ? new AppStoreVerifier(config.apple) : null;
  const googlePlay = config.googlePlay
    ? new GooglePlayClient({
        baseUrl: config.googlePlay.apiUrl,
        packageName: config.googlePlay.packageName,
        serviceAccount: config.googlePlay.serviceAccount,
        outbound: config.outbound,
        log: (message) => app.log.info(message),
      })
    : null;
  // One cache of pools' standings answers: read by the standings routes, kept warm by the room notices' runs.
  const standingsCache = new StatsCache();
  const roomNotices = createRoomNotices({
    db,
    standingsCache,
    bus: chatBus,
    now,
    onPublishError: (error) => app.log.warn({ err: error }, 'chat: a room notice could not be published'),
    log: (error) => app.log.error({ err: error }, 'room notices: the run failed'),
  });
  app.decorate('roomNotices', roomNotices);

  // Before any route: it refuses to build a route without an access rule and enforces the rules.
  await app.register(accessPlugin, authDeps);
  await app.register(apiDocsPlugin, { publicUrl: config.publicUrl });

  await app.register(healthRoutes, {
    database,
    now,
    firstRun: overrides.firstRun ?? FirstRunProgress.finished(),
    lifecycle: overrides.lifecycle ?? runningLifecycle(),
  });
  await app.register(clientConfigRoutes, { config });
  await app.register(legalRoutes, { db, settings: { poolMaxPerLifeguard: config.poolMaxPerLifeguard } });
  await app.register(segmentsRoutes, { ...authDeps, now });
  await app.register(sportsRoutes, { db, now });
  await app.register(demoRoutes, { db, now });
  await app.register(authRoutes, authDeps);
  await app.register(googleRoutes, authDeps);
  await app.register(billingRoutes, { ...authDeps, now, paypal });
  await app.register(mobileStoreRoutes, { ...authDeps, now, appStore, googlePlay });
  await app.register(adminBillingRoutes, { ...authDeps, now, paypal });
  await app.register(entriesRoutes, { ...authDeps, now });
  await app.register(parlaysRoutes, { ...authDeps, now });
  await app.register(statsRoutes, authDeps);
  await app.register(tellerRoutes, { ...authDeps, now });
  await app.register(resultsRoutes, { ...authDeps, now, roomNotices });
  await app.register(playLimitsRoutes, { ...authDeps, now });
  await app.register(syncAccountsRoutes, authDeps);
  // Pool Party's four route files share the pools' chat rooms and one cache of standings answers.
  const poolsOptions: PoolsRoutesOptions = {
    ...authDeps,
    now,
    chat: {
      bus: chatBus,
      onPublishError: (error) => app.log.warn({ err: error }, 'chat: a frame could not be published'),
    },
    standingsCache,
    push: pushNotifier,
  };
  await app.register(poolsRoutes, poolsOptions);
  await app.register(invitationsRoutes, poolsOptions);
  await app.register(weeksRoutes, poolsOptions);
  await app.register(standingsRoutes, poolsOptions);
  await app.register(chatRoutes, {
    ...authDeps,
    now,
    bus: chatBus,
    notifier: pushNotifier,
    heartbeatMs: overrides.chatHeartbeatMs,
  });
  await app.register(liveRoutes, {
    ...authDeps,
    bus: liveBus,
    signals: chatBus,
    heartbeatMs: overrides.chatHeartbeatMs,
  });
  await app.register(pushRoutes, { ...authDeps, now, notifier: pushNotifier });
  await app.register(mailRoutes, authDeps);
  await app.register(adminRoutes, { ...authDeps, now });
  await app.register(notificationRoutes, { ...authDeps, now });
  await app.register(importsRoutes, { ...authDeps, now, roomNotices });
  await app.register(syncImportRoutes, { ...authDeps, now, yieldTurn: overrides.yieldTurn ?? yieldToEventLoop });

  await app.register(webAppPlugin, { webDistDir: config.webDistDir, paypalSdkUrl: config.paypal?.sdkUrl });
  return app;
}

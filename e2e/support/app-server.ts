import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createECDH } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');
export const serverEntry = path.join(root, 'apps/server/dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface AppServerOptions {
  dataDir: string;
  port: number;
  /** Where the server clock starts (PASS_CLOCK). */
  clock: Date;
  /**
   * `demo`: the first run imports the history and the demo season, and tops it up on each start; `auto`: the
   * history, then the current season from the live sources when they answer (REFRESH_LIVE=on and their addresses
   * in `env`), else the demo; `none`: nothing.
   */
  seed: 'auto' | 'demo' | 'none';
  smtpUrl: string;
  /** More settings for this server (a local PayPal, say). */
  env?: Record<string, string>;
}

// A VAPID key pair for the run, so the profile offers push on each device (nothing is ever pushed: no device
// subscribes to a push service here).
const vapid = createECDH('prime256v1');
vapid.generateKeys();
// getPrivateKey drops leading zero bytes (one key in 256); the server takes the 32-byte form web-push prints.
const vapidPrivateKey = Buffer.concat([Buffer.alloc(32), vapid.getPrivateKey()])
  .subarray(-32)
  .toString('base64url');

/** The environment the built app runs in for the browser tests: embedded database, no background refresh. */
export function appServerEnv(options: AppServerOptions): NodeJS.ProcessEnv {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    PASS_SEED: options.seed,
    // The server's clock, and so the demo season's position, is the one the tests are written for, whatever
    // the real date (support/server-clock.ts); each page's clock is set to the server's (support/browser.ts).
    PASS_CLOCK: options.clock.toISOString(),
    // No background refresh while the tests drive the app: what they see comes from the first run alone.
    REFRESH_ODDS: 'off',
    REFRESH_SCORES: 'off',
    REFRESH_SCHEDULES: 'off',
    REFRESH_LIVE: 'off',
    POOL_MAILS: 'off',
    SMTP_URL: options.smtpUrl,
    // Every page of every test is visited from this one address; the per-client limit is for strangers.
    PAGE_VIEWS_PER_MINUTE: '100000',
    // The fake providers (PayPal) listen on loopback.
    OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'on',
    VAPID_PUBLIC_KEY: vapid.getPublicKey('base64url'),
    VAPID_PRIVATE_KEY: vapidPrivateKey,
    ...options.env,
  };
  // The browser tests run on the embedded database, on a data directory of their own.
  delete env.DATABASE_URL;
  return env;
}

async function waitUntilReady(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  // The first run imports before the server listens: on a loaded 2-core machine that can take a minute.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become ready:\n${output()}`);
}

export interface AppServer {
  baseUrl: string;
  /** Stops the server and waits for it to exit (its data directory stays). */
  stop(): Promise<void>;
}

/** Starts the built app (npm run build first) and waits until it answers; its log is printed if it dies early. */
export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  let log = '';
  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: appServerEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  let stopping = false;
  // A server that dies under the tests fails them with "fetch failed": its own last words say why.
  server.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(
      `\ne2e: the server exited (code ${code}, signal ${signal}) while the tests ran; its log:\n${log.slice(-20_000)}\n`,
    );
  });
  const stop = async () => {
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  };
  try {
    await waitUntilReady(baseUrl, server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

export interface AdminIdentity {
  username: string;
  email: string;
  password: string;
}

/**
 * The admin, made as an operator makes one: the built `admin create` command on the data directory before the
 * server opens it, which prints a one-time link; once the server answers, the link's token sets the password.
 */
export async function createAdmin(env: NodeJS.ProcessEnv) {
  const identity: AdminIdentity = {
    username: 'chief',
    email: 'chief@example.com',
    password: `Admin-${Date.now().toString(36)}-Lantern`,
  };
  // Not a synchronous run: the SMTP capture it mails the link to answers from this process.
  const { stdout: printed } = await promisify(execFile)(
    process.execPath,
    [path.join(root, 'apps/server/dist/admin.js'), 'create', identity.username, identity.email],
    { cwd: root, env },
  );
  const token = /\/u\/passwd\?token=([A-Za-z0-9_-]+)/.exec(printed)?.[1];
  if (!token) throw new Error(`admin create printed no link:\n${printed}`);
  return {
    identity,
    async setPassword(baseUrl: string) {
      const csrf = 'e2e-admin-csrf-0123456789';
      const response = await fetch(`${baseUrl}/auth/passwd/reset/${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${csrf}`, 'x-xsrf-token': csrf },
        body: JSON.stringify({ token, password: identity.password, verify: identity.password }),
      });
      if (!response.ok)
        throw new Error(`Setting the admin's password answered ${response.status}: ${await response.text()}`);
    },
  };
}

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMailCapture } from './mail-server';
import { e2eServerClockStart } from './server-clock';

const root = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');

async function freePort(): Promise<number> {
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

async function waitUntilReady(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  // The first run imports before the server listens: on a loaded 2-core machine that can take a minute.
  const deadline = Date.now() + 120_000;
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

/**
 * The admin, made as an operator makes one: the built `admin create` command on the data directory before the
 * server opens it, which prints a one-time link; once the server answers, the link's token sets the password.
 */
async function createAdmin(env: NodeJS.ProcessEnv) {
  const identity = {
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

/** Starts the built app (npm run build first) on a fresh data directory and a free port. */
export default async function setup(project: TestProject) {
  if (!existsSync(serverEntry) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build the app first: npm run build (npm run test:e2e does it)');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pass-e2e-'));
  // The app mails its sign-up and reset links here; tests read them over HTTP (support/mail.ts).
  const mail = await startMailCapture();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    // The first run imports the nflverse history and builds a demo current season (the sports screens need data).
    PASS_SEED: 'demo',
    // The server's clock, and so the demo season's position, is the one the tests are written for, whatever
    // the real date (support/server-clock.ts); each page's clock is set to the server's (support/browser.ts).
    PASS_CLOCK: e2eServerClockStart().toISOString(),
    // No background refresh while the tests drive the app: what they see comes from the first run alone.
    REFRESH_ODDS: 'off',
    REFRESH_SCORES: 'off',
    REFRESH_SCHEDULES: 'off',
    SMTP_URL: mail.smtpUrl,
    // Every page of every test is visited from this one address; the per-client limit is for strangers.
    PAGE_VIEWS_PER_MINUTE: '100000',
  };
  // The browser tests run on the embedded database, on a data directory of their own.
  delete env.DATABASE_URL;
  const admin = await createAdmin(env);
  let log = '';
  const server = spawn(process.execPath, [serverEntry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  try {
    await waitUntilReady(baseUrl, server, () => log);
    await admin.setPassword(baseUrl);
  } catch (error) {
    stopping = true;
    server.kill('SIGTERM');
    await mail.close();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', mail.mailboxUrl);
  project.provide('admin', admin.identity);

  return async () => {
    stopping = true;
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** GET it for every mail the app has sent during the run (support/mail.ts reads it). */
    mailboxUrl: string;
    /** The admin account, made by the operator's command (`npm run admin -- create`). */
    admin: { username: string; email: string; password: string };
  }
}

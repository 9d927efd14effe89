import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { appServerEnv, createAdmin, freePort, serverEntry, startAppServer, type AdminIdentity } from './app-server';
import { startMailCapture } from './mail-server';
import { e2eServerClockStart } from './server-clock';

const root = path.resolve(import.meta.dirname, '../..');

/** Starts the built app (npm run build first) on a fresh data directory and a free port. */
export default async function setup(project: TestProject) {
  if (!existsSync(serverEntry) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build the app first: npm run build (npm run test:e2e does it)');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pass-e2e-'));
  // The app mails its sign-up and reset links here; tests read them over HTTP (support/mail.ts).
  const mail = await startMailCapture();
  const options = {
    dataDir,
    port: await freePort(),
    clock: e2eServerClockStart(),
    // The first run imports the nflverse history and builds a demo current season (the sports screens need data).
    seed: 'demo' as const,
    smtpUrl: mail.smtpUrl,
  };
  const admin = await createAdmin(appServerEnv(options));
  let server;
  try {
    server = await startAppServer(options);
    await admin.setPassword(server.baseUrl);
  } catch (error) {
    await server?.stop();
    await mail.close();
    throw error;
  }
  project.provide('baseUrl', server.baseUrl);
  project.provide('mailboxUrl', mail.mailboxUrl);
  project.provide('smtpUrl', mail.smtpUrl);
  project.provide('admin', admin.identity);

  return async () => {
    await server.stop();
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** GET it for every mail the app has sent during the run (support/mail.ts reads it). */
    mailboxUrl: string;
    /** The SMTP capture, for a test file that runs an app server of its own (support/app-server.ts). */
    smtpUrl: string;
    /** The admin account, made by the operator's command (`npm run admin -- create`). */
    admin: AdminIdentity;
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seasonForDate } from '@pass/domain';
import { inject } from 'vitest';
import type { Identity } from './accounts';
import {
  appServerEnv,
  createAdmin,
  freePort,
  startAppServer,
  type AppServer,
  type AppServerOptions,
} from './app-server';
import { EspnStandIn } from './espn';
import { useAppUrl } from './target';

/**
 * A server of a test file's own (same build, same mail capture as the shared one), for a file that must move the
 * server clock or take its season from a live source, which would change what the other files see. The file's
 * support functions (accounts, pages) talk to it from its start until it stops.
 */

export interface OwnServerOptions {
  /** Names its data directory, a fresh one in the system's temporary folder (`pass-e2e-<name>-…`). */
  name: string;
  /** Where the server clock starts. */
  clock: Date;
  seed: AppServerOptions['seed'];
  /**
   * The live sources, polled (REFRESH_LIVE=on). `espn`: a stand-in for ESPN's scoreboard (support/espn.ts, the
   * real week-12 board moved to the clock's NFL season), the MLB Stats API and nflverse at an address that refuses,
   * so nothing reaches the internet; `refused`: every source at an address that refuses. Absent: no live refresh.
   */
  live?: 'espn' | 'refused';
  /** Makes the operator's admin (`admin create`) before the first start. */
  admin?: boolean;
  /** More settings for the server. */
  env?: Record<string, string>;
}

export interface OwnServer {
  readonly baseUrl: string;
  /** The admin (with `admin: true`). */
  readonly admin: Identity;
  /** The ESPN stand-in (with `live: 'espn'`). */
  readonly espn: EspnStandIn;
  /** Stops the server and starts it again on the same data, port and settings, its clock at `clock`. */
  restartAt(clock: Date, seed?: AppServerOptions['seed']): Promise<void>;
  /** Stops the server and the stand-in, removes the data, and points the support functions back at the shared server. */
  stop(): Promise<void>;
}

/** Starts the file's own server (npm run build first) and points the file's support functions at it. */
export async function startOwnServer(options: OwnServerOptions): Promise<OwnServer> {
  const espn =
    options.live === 'espn' ? await EspnStandIn.start(seasonForDate('americanfootball_nfl', options.clock)) : null;
  // Nothing listens there: a connection is refused at once.
  const refusing = `http://127.0.0.1:${await freePort()}`;
  const live: Record<string, string> = options.live
    ? {
        REFRESH_LIVE: 'on',
        ESPN_API_URL: espn?.url ?? refusing,
        MLB_STATSAPI_URL: refusing,
        NFLVERSE_GAMES_URL: `${refusing}/nflverse/games.csv`,
      }
    : {};
  const dataDir = mkdtempSync(path.join(tmpdir(), `pass-e2e-${options.name}-`));
  const port = await freePort();
  const settings = (clock: Date, seed: AppServerOptions['seed']): AppServerOptions => ({
    dataDir,
    port,
    clock,
    seed,
    smtpUrl: inject('smtpUrl'),
    env: { ...live, ...options.env },
  });
  let server: AppServer | undefined;
  let admin: Identity | undefined;
  const stop = async () => {
    useAppUrl(null);
    await server?.stop();
    await espn?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const first = settings(options.clock, options.seed);
    const operator = options.admin ? await createAdmin(appServerEnv(first)) : null;
    server = await startAppServer(first);
    await operator?.setPassword(server.baseUrl);
    admin = operator?.identity;
  } catch (error) {
    await stop();
    throw error;
  }
  useAppUrl(server.baseUrl);
  return {
    baseUrl: server.baseUrl,
    get admin() {
      if (!admin) throw new Error('This server was started without an admin (admin: true)');
      return admin;
    },
    get espn() {
      if (!espn) throw new Error("This server was started without ESPN's stand-in (live: 'espn')");
      return espn;
    },
    async restartAt(clock, seed = options.seed) {
      await server?.stop();
      server = undefined;
      server = await startAppServer(settings(clock, seed));
    },
    stop,
  };
}

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auditEvents, createDb, migrate, users, type DbHandle } from '@pass/db';
import { createPostgresTestDatabaseUrl, testDatabaseKind } from '@pass/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../test/accounts.js';
import { runAdminCli } from './admin-main.js';

/**
 * `npm run admin` as the operator runs it. The command is run in this process (`runAdminCli`, everything but
 * the process around it); one test starts it as the root script does, a process of its own through tsx, against
 * a data directory this process holds, which only another process can be refused.
 */
const entry = path.resolve(import.meta.dirname, 'admin.ts');
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
// A fresh process compiles the command first: slower than a test's default on a busy machine.
const PROCESS_TIMEOUT_MS = 120_000;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The environment the command is given: only what the test gives, never the suite's own database settings. */
function commandEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const commandEnv: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://pass.example.org',
    ...env,
  };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'TEST_DATABASE'] as const) if (!(key in env)) delete commandEnv[key];
  return commandEnv;
}

/** The command in this process; what it printed, one line each, as a process would have printed it. */
async function runAdmin(args: string[], env: Record<string, string>): Promise<Run> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const status = await runAdminCli(args, commandEnv(env), {
    out: (line) => stdout.push(`${line}\n`),
    err: (line) => stderr.push(`${line}\n`),
  });
  return { status, stdout: stdout.join(''), stderr: stderr.join('') };
}

/** The command as a process of its own, through tsx like the root script. */
function spawnAdmin(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', entry, ...args],
      { cwd: repoRoot, env: commandEnv(env), timeout: PROCESS_TIMEOUT_MS },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

describe('npm run admin', () => {
  const dataDirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pass-admin-cli-'));
    dataDirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Where the command works in this run: a PGlite data directory, or a PostgreSQL database of its own. */
  let target: { env: Record<string, string>; open: () => Promise<DbHandle>; drop: () => Promise<void> };
  beforeAll(async () => {
    if (testDatabaseKind() === 'postgres') {
      const database = await createPostgresTestDatabaseUrl();
      target = {
        env: { DATABASE_URL: database.url },
        open: () => createDb({ databaseUrl: database.url }),
        drop: database.drop,
      };
    } else {
      const dataDir = tempDir();
      target = { env: { DATA_DIR: dataDir }, open: () => createDb({ dataDir }), drop: async () => {} };
    }
  });
  afterAll(async () => {
    await target?.drop();
  });

  it('creates an admin with a set-password link, refuses an unknown name, and revokes', async () => {
    const created = await runAdmin(['create', 'Boss', 'boss@example.com'], target.env);
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain('Created the admin account Boss (boss@example.com).');
    expect(created.stdout).toMatch(/^https:\/\/pass\.example\.org\/u\/passwd\?token=[A-Za-z0-9_-]{43}$/m);

    const unknown = await runAdmin(['grant', 'nobody'], target.env);
    expect(unknown).toMatchObject({ status: 1, stdout: '' });
    expect(unknown.stderr).toContain('No account has the username "nobody".');

    const revoked = await runAdmin(['revoke', 'boss'], target.env);
    expect(revoked.status, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain('Boss is no longer an admin.');

    const database = await target.open();
    try {
      const [boss] = await database.db.select().from(users).where(eq(users.username, 'Boss'));
      expect(boss).toMatchObject({ isAdmin: false, passwordHash: null });
      expect(boss!.emailVerifiedAt).not.toBeNull();
      const events = await database.db
        .select({ event: auditEvents.event })
        .from(auditEvents)
        .where(eq(auditEvents.userId, boss!.id))
        .orderBy(auditEvents.id);
      expect(events.map((row) => row.event)).toEqual(['admin_created', 'admin_revoked']);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('prints its usage and exits 2 on a usage error, before it opens any database', async () => {
    const missing = await runAdmin([], { DATA_DIR: '/nonexistent/pass-admin' });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Name a command.');
    expect(missing.stderr).toContain('Usage: npm run admin -- <command>');
    const extra = await runAdmin(['grant', 'boss', 'now'], { DATA_DIR: '/nonexistent/pass-admin' });
    expect(extra.status).toBe(2);
    expect(extra.stderr).toContain('grant takes one username.');
  });

  it(
    'as a process of its own: says plainly that the server holds the data directory, exits 1 and changes nothing',
    async () => {
      const dataDir = tempDir();
      // Held as the server holds it: an open database in a live process (this one).
      const held = await createDb({ dataDir });
      try {
        await migrate(held);
        const member = await seedUser(held.db, { username: 'deputy' });
        const refused = await spawnAdmin(['grant', 'deputy'], { DATA_DIR: dataDir });
        expect(refused.status).toBe(1);
        expect(refused.stdout).toBe('');
        expect(refused.stderr).toContain(
          `The server is running on ${dataDir} (process ${process.pid}); stop it first, or use DATABASE_URL`,
        );
        expect(refused.stderr).toContain('Nothing was changed.');
        const [row] = await held.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, member.id));
        expect(row?.isAdmin).toBe(false);
        expect(await held.db.select().from(auditEvents)).toEqual([]);
      } finally {
        await held.close();
      }
    },
    PROCESS_TIMEOUT_MS,
  );
});

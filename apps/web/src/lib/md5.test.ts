import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { md5 } from './md5';

describe('md5', () => {
  // The test suite of RFC 1321, appendix A.5.
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
  ])('md5(%j) is %s', (input, digest) => {
    expect(md5(input)).toBe(digest);
  });

  it('pads correctly around the 55, 56 and 64 byte block boundaries', () => {
    expect(md5('x'.repeat(55))).toBe('04364420e25c512fd958a70738aa8f72');
    expect(md5('x'.repeat(56))).toBe('668a72d5ba17f08e62dabcafad6db14b');
    expect(md5('x'.repeat(64))).toBe('c1bb4f81d892b2d57947682aeb252456');
  });

  it('hashes the UTF-8 bytes, as the server does', () => {
    expect(md5('user:pat')).toBe('bcae96afd695f63103da40fcdd7a9592');
    expect(md5('user:Zoë')).toBe('e8fcc6c8d96fc42562ee57d18216fa76');
  });

  it('agrees with node:crypto on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        expect(md5(text)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
      }),
      { numRuns: 300 },
    );
  });
});

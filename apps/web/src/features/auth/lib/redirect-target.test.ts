import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

const ORIGIN = 'http://localhost';

describe('redirectTarget', () => {
  it.each([
    ['/about', '/about'],
    ['/user/profile?tab=pools#bets', '/user/profile?tab=pools#bets'],
    ['/football/pool/12', '/football/pool/12'],
  ])('keeps the same-site path %s', (value, target) => {
    expect(redirectTarget(value, ORIGIN)).toBe(target);
  });

  it.each([
    [null],
    [''],
    ['about'],
    ['https://evil.example/'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['/login'],
    ['/user/signin?redirect=/x'],
    ['/logout'],
    ['/refresh'],
  ])('goes home instead of %j', (value) => {
    expect(redirectTarget(value, ORIGIN)).toBe('/');
  });
});

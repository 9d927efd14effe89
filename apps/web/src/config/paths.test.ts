import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paths, pathTo, type RouteName } from './paths';

describe('paths', () => {
  it('gives every route an absolute path, each one distinct', () => {
    const values = Object.values(paths);
    for (const path of values) expect(path).toMatch(/^\//);
    expect(new Set(values).size).toBe(values.length);
  });
});

describe('pathTo', () => {
  it('returns a path without parameters as it is', () => {
    expect(pathTo('home')).toBe('/');
    expect(pathTo('about-changes')).toBe('/about/changes');
    expect(pathTo('mail-signature')).toBe('/-mailsig');
  });

  it('fills a required parameter, numbers included', () => {
    expect(pathTo('account-verify', { token: 'abc123' })).toBe('/account/verify/abc123');
    expect(pathTo('football-season-schedule', { season: 2025 })).toBe('/football/season/2025/schedule');
  });

  it('encodes a parameter so it stays one path segment', () => {
    expect(pathTo('account-verify', { token: 'a b/c?d#e' })).toBe('/account/verify/a%20b%2Fc%3Fd%23e');
  });

  it('drops an optional parameter that is not given, with its slash', () => {
    expect(pathTo('admin')).toBe('/admin');
    expect(pathTo('admin', {})).toBe('/admin');
  });

  it('fills an optional parameter that is given', () => {
    expect(pathTo('admin', { section: 'users' })).toBe('/admin/users');
  });

  it('throws when a required parameter is missing, naming the route and the parameter', () => {
    expect(() => pathTo('account-verify')).toThrow('pathTo(account-verify): missing parameter token');
    expect(() => pathTo('football-season-schedule', { week: 3 })).toThrow(/missing parameter season/);
  });

  it('ignores parameters the route does not have', () => {
    expect(pathTo('about', { season: 2025 })).toBe('/about');
  });

  it('leaves no placeholder in the path of any route when all its parameters are given', () => {
    for (const name of Object.keys(paths) as RouteName[]) {
      const path = pathTo(name, {
        token: 't',
        season: 2024,
        section: 's',
        team: 'KC',
        id: 7,
        platform: 'paypal',
        planId: 'P-1',
      });
      expect(path).not.toContain(':');
      expect(path).toMatch(/^\//);
    }
  });

  it('round-trips any token through one path segment', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (token) => {
        const path = pathTo('account-verify', { token });
        const segments = path.split('/');
        expect(segments).toHaveLength(4);
        expect(decodeURIComponent(segments[3]!)).toBe(token);
      }),
    );
  });
});

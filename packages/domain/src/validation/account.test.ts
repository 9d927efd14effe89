import { describe, expect, it } from 'vitest';
import { checkUsername, isReservedUsername, RESERVED_USERNAMES } from './account.js';

describe('reserved usernames', () => {
  it.each([
    'admin',
    'Admin',
    'ADMINISTRATOR',
    'support',
    'root',
    'no-reply',
    'No_Reply',
    'post.master',
    'admin2',
    'Support_01',
  ])('%s passes for the service and is refused', (name) => {
    expect(isReservedUsername(name)).toBe(true);
    expect(checkUsername(name)).toEqual({ ok: false, reason: 'is reserved: choose another name' });
  });

  it.each(['badminton', 'rooted', 'supporter', 'admin.fan.42x', 'pat', 'passfan', 'team_jets'])(
    '%s is free',
    (name) => {
      expect(isReservedUsername(name)).toBe(false);
      expect(checkUsername(name)).toEqual({ ok: true });
    },
  );

  it('lists every name in the form it is compared in', () => {
    for (const name of RESERVED_USERNAMES) expect(name).toMatch(/^[a-z]+$/);
  });
});

import { describe, expect, it } from 'vitest';
import { decideSyncAccess, syncAddOnsMissing, syncBooksCovered, syncGraceDaysRemaining } from './sync-access.js';

const linked = new Date('2026-11-20T18:30:00Z');
const later = (days: number, hours = 0) => new Date(linked.getTime() + days * 86_400_000 + hours * 3_600_000);

describe('sync access', () => {
  it('counts 5 days of grace down by whole days since the link, never below 0', () => {
    expect(syncGraceDaysRemaining(linked, linked)).toBe(5);
    expect(syncGraceDaysRemaining(linked, later(0, 23))).toBe(5);
    expect(syncGraceDaysRemaining(linked, later(1))).toBe(4);
    expect(syncGraceDaysRemaining(linked, later(4, 23))).toBe(1);
    expect(syncGraceDaysRemaining(linked, later(5))).toBe(0);
    expect(syncGraceDaysRemaining(linked, later(40))).toBe(0);
    // A clock behind the link (another server's) gives the whole grace, not more.
    expect(syncGraceDaysRemaining(linked, later(-2))).toBe(5);
  });

  it('covers 2 books with the membership and one more per add-on', () => {
    expect(syncBooksCovered({ memberships: 0, addOns: 0 })).toBe(0);
    expect(syncBooksCovered({ memberships: 1, addOns: 0 })).toBe(2);
    expect(syncBooksCovered({ memberships: 1, addOns: 2 })).toBe(4);
    expect(syncBooksCovered({ memberships: 0, addOns: 1 })).toBe(1);
  });

  it('keeps the oldest accounts covered and turns off an uncovered one only once its grace is over', () => {
    const accounts = [
      { id: 3, linkedAt: later(2) },
      { id: 1, linkedAt: linked },
      { id: 2, linkedAt: later(1) },
    ];
    const at = (days: number, active: { memberships: number; addOns: number }) =>
      Object.fromEntries(decideSyncAccess(accounts, active, later(days)).map((each) => [each.id, each.access]));
    const none = { memberships: 0, addOns: 0 };
    const member = { memberships: 1, addOns: 0 };
    expect(at(4, none)).toEqual({ 1: true, 2: true, 3: true });
    expect(at(5, none)).toEqual({ 1: false, 2: true, 3: true });
    expect(at(7, none)).toEqual({ 1: false, 2: false, 3: false });
    expect(at(7, member)).toEqual({ 1: true, 2: true, 3: false });
    expect(at(7, { memberships: 1, addOns: 1 })).toEqual({ 1: true, 2: true, 3: true });
  });

  it('asks for an add-on only for books beyond the membership’s and the add-ons’', () => {
    expect(syncAddOnsMissing(2, { memberships: 0, addOns: 0 })).toBe(0);
    expect(syncAddOnsMissing(3, { memberships: 1, addOns: 0 })).toBe(1);
    expect(syncAddOnsMissing(3, { memberships: 1, addOns: 1 })).toBe(0);
    expect(syncAddOnsMissing(5, { memberships: 0, addOns: 1 })).toBe(2);
  });
});

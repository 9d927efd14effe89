import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSessionUser,
  getSessionUser,
  isLoggedIn,
  storeSessionUser,
  subscribeSessionUser,
  type SessionUser,
} from './session-user';

const KEY = 'pass.user';
const pat: SessionUser = { id: 7, username: 'pat', name: 'Pat Smith', isAdmin: false };
const lee: SessionUser = { id: 8, username: 'lee', name: null, isAdmin: true };

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('getSessionUser', () => {
  it('is null when nothing is stored', () => {
    expect(getSessionUser()).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('reads a user from session storage', () => {
    sessionStorage.setItem(KEY, JSON.stringify(pat));
    expect(getSessionUser()).toEqual(pat);
    expect(isLoggedIn()).toBe(true);
  });

  it('reads a user from local storage when session storage has none (another tab signed in)', () => {
    localStorage.setItem(KEY, JSON.stringify(lee));
    expect(getSessionUser()).toEqual(lee);
  });

  it('prefers session storage over local storage', () => {
    sessionStorage.setItem(KEY, JSON.stringify(pat));
    localStorage.setItem(KEY, JSON.stringify(lee));
    expect(getSessionUser()).toEqual(pat);
  });

  it('is null for a record that is not JSON', () => {
    sessionStorage.setItem(KEY, '{not json');
    expect(getSessionUser()).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it.each([
    ['a string id', { id: '7', username: 'pat' }],
    ['no username', { id: 7 }],
    ['a numeric username', { id: 7, username: 42 }],
    ['null', null],
    ['a number', 42],
  ])('is null for a record with %s', (_case, record) => {
    sessionStorage.setItem(KEY, JSON.stringify(record));
    expect(getSessionUser()).toBeNull();
  });

  it('falls back to local storage when the session record is unreadable', () => {
    sessionStorage.setItem(KEY, 'garbage');
    localStorage.setItem(KEY, JSON.stringify(pat));
    expect(getSessionUser()).toEqual(pat);
  });

  it('normalises optional fields: no name is null, and only true makes an admin', () => {
    sessionStorage.setItem(KEY, JSON.stringify({ id: 1, username: 'kim', isAdmin: 'yes', extra: 'dropped' }));
    expect(getSessionUser()).toEqual({ id: 1, username: 'kim', name: null, isAdmin: false });
  });

  it('returns the same object for the same stored record (a stable snapshot)', () => {
    sessionStorage.setItem(KEY, JSON.stringify(pat));
    const first = getSessionUser();
    expect(getSessionUser()).toBe(first);
  });

  it('sees a change to the stored record', () => {
    sessionStorage.setItem(KEY, JSON.stringify(pat));
    expect(getSessionUser()?.username).toBe('pat');
    sessionStorage.setItem(KEY, JSON.stringify({ ...pat, name: 'Patricia' }));
    expect(getSessionUser()?.name).toBe('Patricia');
  });

  it('is null when storage cannot be read', () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(getSessionUser()).toBeNull();
    } finally {
      getItem.mockRestore();
    }
  });
});

describe('storeSessionUser and clearSessionUser', () => {
  it('stores the user in both session and local storage', () => {
    storeSessionUser(pat);
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toEqual(pat);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(pat);
    expect(getSessionUser()).toEqual(pat);
  });

  it('replaces a stored user', () => {
    storeSessionUser(pat);
    storeSessionUser(lee);
    expect(getSessionUser()).toEqual(lee);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(lee);
  });

  it('clears the user from both storages', () => {
    storeSessionUser(pat);
    clearSessionUser();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(getSessionUser()).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('leaves other keys alone', () => {
    localStorage.setItem('other', 'kept');
    storeSessionUser(pat);
    clearSessionUser();
    expect(localStorage.getItem('other')).toBe('kept');
  });
});

describe('subscribeSessionUser', () => {
  it('notifies subscribers on sign-in and sign-out in this tab', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSessionUser(listener);
    storeSessionUser(pat);
    expect(listener).toHaveBeenCalledTimes(1);
    clearSessionUser();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('notifies every subscriber', () => {
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribeFirst = subscribeSessionUser(first);
    const unsubscribeSecond = subscribeSessionUser(second);
    storeSessionUser(pat);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    unsubscribeFirst();
    unsubscribeSecond();
  });

  it('stops notifying after unsubscribing', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSessionUser(listener);
    unsubscribe();
    storeSessionUser(pat);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(listener).not.toHaveBeenCalled();
  });

  it('notifies on a change of the user made in another tab, and only for its key', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSessionUser(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    expect(listener).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});

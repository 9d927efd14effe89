import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSessionUser, storeSessionUser, type SessionUser } from './session-user';
import { useSessionUser } from './use-session-user';

const pat: SessionUser = { id: 7, username: 'pat', name: 'Pat', isAdmin: false };

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('useSessionUser', () => {
  it('is null for a visitor', () => {
    const { result } = renderHook(() => useSessionUser());
    expect(result.current).toBeNull();
  });

  it('returns the stored user at first render', () => {
    storeSessionUser(pat);
    const { result } = renderHook(() => useSessionUser());
    expect(result.current).toEqual(pat);
  });

  it('re-renders on sign-in and sign-out in this tab', () => {
    const { result } = renderHook(() => useSessionUser());
    act(() => storeSessionUser(pat));
    expect(result.current).toEqual(pat);
    act(() => clearSessionUser());
    expect(result.current).toBeNull();
  });

  it('re-renders when another tab signs in', () => {
    const { result } = renderHook(() => useSessionUser());
    act(() => {
      localStorage.setItem('pass.user', JSON.stringify(pat));
      window.dispatchEvent(new StorageEvent('storage', { key: 'pass.user' }));
    });
    expect(result.current).toEqual(pat);
  });

  it('keeps the same object across re-renders while the user does not change', () => {
    storeSessionUser(pat);
    const { result, rerender } = renderHook(() => useSessionUser());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});

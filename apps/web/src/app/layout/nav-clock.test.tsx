import { act, cleanup, render } from '@testing-library/react';
import { CLOCK_REFRESH_MS } from '@pass/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavClock } from './nav-clock';

const START = new Date('2026-11-22T12:00:00.000Z');

function clockElement(container: HTMLElement): HTMLTimeElement {
  const time = container.querySelector('time');
  if (!time) throw new Error('no <time> element');
  return time;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('NavClock', () => {
  it('refreshes every 1.5 s', () => {
    expect(CLOCK_REFRESH_MS).toBe(1500);
  });

  it('shows the current time in a <time> element', () => {
    const { container } = render(<NavClock />);
    const time = clockElement(container);
    expect(time).toHaveAttribute('datetime', START.toISOString());
    expect(time.textContent).not.toBe('');
  });

  it('does not change before the refresh interval has passed', () => {
    const { container } = render(<NavClock />);
    act(() => vi.advanceTimersByTime(CLOCK_REFRESH_MS - 1));
    expect(clockElement(container)).toHaveAttribute('datetime', START.toISOString());
  });

  it('moves on at each refresh', () => {
    const { container } = render(<NavClock />);
    act(() => vi.advanceTimersByTime(CLOCK_REFRESH_MS));
    expect(clockElement(container)).toHaveAttribute(
      'datetime',
      new Date(START.getTime() + CLOCK_REFRESH_MS).toISOString(),
    );
    act(() => vi.advanceTimersByTime(CLOCK_REFRESH_MS));
    expect(clockElement(container)).toHaveAttribute(
      'datetime',
      new Date(START.getTime() + 2 * CLOCK_REFRESH_MS).toISOString(),
    );
  });

  it('shows the new minute once it has come', () => {
    const { container } = render(<NavClock />);
    const before = clockElement(container).textContent;
    act(() => vi.advanceTimersByTime(60_000));
    expect(clockElement(container).textContent).not.toBe(before);
  });

  it('runs one timer while mounted and clears it on unmount', () => {
    const clearSpy = vi.spyOn(globalThis, 'clearInterval');
    const { unmount } = render(<NavClock />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    expect(clearSpy).toHaveBeenCalledTimes(1);
    clearSpy.mockRestore();
  });
});

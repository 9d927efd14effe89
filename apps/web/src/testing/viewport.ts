import { vi } from 'vitest';

/**
 * Makes `matchMedia` answer as a screen of this width would (jsdom has no layout), so components that
 * choose a phone layout by a media query render it; undo with `vi.unstubAllGlobals()`.
 */
export function stubViewportWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}

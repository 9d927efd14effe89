import { beforeEach, describe, expect, it, vi } from 'vitest';

// The registry is module state: each test gets a fresh copy of the module.
async function freshRegistry() {
  vi.resetModules();
  return import('./route-registry');
}

describe('route registry', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('knows no route before any is registered', async () => {
    const { isRouteRegistered } = await freshRegistry();
    expect(isRouteRegistered('home')).toBe(false);
    expect(isRouteRegistered('about')).toBe(false);
  });

  it('knows exactly the registered routes', async () => {
    const { registerRoutes, isRouteRegistered } = await freshRegistry();
    registerRoutes(['home', 'about']);
    expect(isRouteRegistered('home')).toBe(true);
    expect(isRouteRegistered('about')).toBe(true);
    expect(isRouteRegistered('about-changes')).toBe(false);
  });

  it('adds to what is already registered, from any iterable', async () => {
    const { registerRoutes, isRouteRegistered } = await freshRegistry();
    registerRoutes(['home']);
    registerRoutes(new Set(['privacy', 'home'] as const));
    expect(isRouteRegistered('home')).toBe(true);
    expect(isRouteRegistered('privacy')).toBe(true);
  });

  it('starts empty again in a fresh module', async () => {
    const first = await freshRegistry();
    first.registerRoutes(['tos']);
    const second = await freshRegistry();
    expect(second.isRouteRegistered('tos')).toBe(false);
  });
});

import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRouteRegistered } from '../lib/route-registry';
import { answer, sentRequests } from '../testing/api-server';
import { renderRoutes } from '../testing/render';
import { appRoutes } from './router';

const routes = appRoutes();

const config = { supportEmail: 'help@pass.example', appStoreUrl: null, playStoreUrl: null, poolMaxPerLifeguard: 5 };

const page = (name: string) => document.querySelector(`main[data-page="${name}"]`);
const requestedUrls = () => sentRequests().map((request) => request.url);

beforeEach(() => {
  // The clock never ticks outside act(); other timers stay real for findBy*.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  answer('get', '/api/segments', { recorded: true });
  answer('get', '/api/config', config);
});

afterEach(() => {
  cleanup();
  // Nothing but the page-view report and the public settings is fetched.
  for (const url of requestedUrls()) expect(['/api/segments', '/api/config']).toContain(url.pathname);
  vi.useRealTimers();
});

describe('the route table', () => {
  it('registers every screen of the specification', () => {
    expect(isRouteRegistered('home')).toBe(true);
    expect(isRouteRegistered('about')).toBe(true);
    expect(isRouteRegistered('privacy')).toBe(true);
    expect(isRouteRegistered('football-schedule')).toBe(true);
    expect(isRouteRegistered('football-pools')).toBe(true);
    expect(isRouteRegistered('subscribe')).toBe(true);
    expect(isRouteRegistered('admin')).toBe(true);
    expect(isRouteRegistered('admin-plan-detail')).toBe(true);
    expect(isRouteRegistered('login')).toBe(true);
  });

  it('shows the not-found page for an unknown address, with the layout around it', async () => {
    renderRoutes(routes, { path: '/nope' });
    expect(await screen.findByRole('heading', { name: 'This page is not here' })).toBeInTheDocument();
    expect(page('not-found')).not.toBeNull();
    expect(screen.getByText('/nope')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'PA$$ home' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Support: help@pass.example' })).toHaveAttribute(
      'href',
      'mailto:help@pass.example',
    );
    // No screen was entered, so no page view was reported.
    expect(requestedUrls().map((url) => url.pathname)).not.toContain('/api/segments');
  });

  it('renders the about screen lazily and reports the page view', async () => {
    renderRoutes(routes, { path: '/about?ref=mail' });
    expect(await screen.findByRole('heading', { level: 1, name: 'About PA$$' })).toBeInTheDocument();
    expect(page('about')).not.toBeNull();
    expect(page('not-found')).toBeNull();
    const segments = requestedUrls().find((url) => url.pathname === '/api/segments');
    expect(segments && Object.fromEntries(segments.searchParams)).toEqual({ _route: 'about', ref: 'mail' });
  });

  it('renders the change log from CHANGELOG.md', async () => {
    renderRoutes(routes, { path: '/about/changes' });
    expect(await screen.findByRole('heading', { level: 1, name: "What's new" })).toBeInTheDocument();
    expect(page('about-changes')).not.toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(0);
  });

  it('navigates from the not-found page to the home page', async () => {
    const { router } = renderRoutes(routes, { path: '/nope' });
    await screen.findByRole('heading', { name: 'This page is not here' });
    await act(() => router.navigate('/about'));
    expect(await screen.findByRole('heading', { level: 1, name: 'About PA$$' })).toBeInTheDocument();
    expect(page('not-found')).toBeNull();
  });
});

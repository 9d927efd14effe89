import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../testing/render';
import { RouteError } from './route-error';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const failingRoute = (failure: unknown) => [
  {
    path: '/',
    loader: () => {
      throw failure;
    },
    Component: () => <p>never shown</p>,
    HydrateFallback: () => null,
    ErrorBoundary: RouteError,
  },
];

describe('RouteError', () => {
  it('names the status of an error response', async () => {
    renderRoutes(failingRoute(new Response(null, { status: 503, statusText: 'Service Unavailable' })));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be shown (503 Service Unavailable).');
    expect(document.querySelector('main[data-page="error"]')).not.toBeNull();
    expect(screen.queryByText('never shown')).toBeNull();
  });

  it('shows no detail for another error', async () => {
    renderRoutes(failingRoute(new Error('chunk failed')));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be shown. A newer version of PA$$ may be available.');
    expect(alert).not.toHaveTextContent('chunk failed');
  });

  it('reloads the page from its button', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const user = userEvent.setup();
    renderRoutes(failingRoute(new Error('boom')));
    await user.click(await screen.findByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

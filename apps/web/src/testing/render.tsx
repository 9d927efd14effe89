import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../config/theme';

/** A query client for tests: no retries, so a failure shows at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/** The app's providers without the router: React Query and the MUI theme. */
export function TestProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}

export interface RenderWithRouterOptions {
  /** The address the memory router starts at. */
  path?: string;
  queryClient?: QueryClient;
}

/** Renders routes in a memory router inside the app's providers. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', queryClient = createTestQueryClient() }: RenderWithRouterOptions = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result: RenderResult = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element at every address of a memory router, inside the app's providers. */
export function renderWithProviders(ui: ReactNode, options: RenderWithRouterOptions = {}) {
  return renderRoutes([{ path: '*', element: ui }], options);
}

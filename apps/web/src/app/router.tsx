import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { registerRoutes } from '../lib/route-registry';
import { AppLayout } from './layout/app-layout';
import { NotFound } from '../components/not-found';
import { RouteError } from './route-error';
import { loginPath, onSessionLost } from './guards';
import { pathTo } from '../config/paths';
import { screens, toRouteObject } from './route-table';
import { Loading } from '../components/loading';

/**
 * The app's routes, each screen registered (so links to it show); guards that load data (the season guard) load it
 * into `queryClient`.
 */
export function appRoutes(queryClient?: QueryClient): RouteObject[] {
  registerRoutes(screens.map((screen) => screen.name));
  return [
    {
      Component: AppLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: () => <Loading />,
      children: [...screens.map((screen) => toRouteObject(screen, queryClient)), { path: '*', Component: NotFound }],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(appRoutes(queryClient));
  // The guards check the session in the background; when it turns out gone, leave the screen from wherever
  // the user is by then.
  onSessionLost((to) => {
    const { pathname, search } = router.state.location;
    void router.navigate(to === 'login' ? loginPath(pathname + search) : pathTo(to), { replace: true });
  });
  return router;
}

import { createBrowserRouter, type RouteObject } from 'react-router';
import { registerRoutes } from '../lib/route-registry';
import { AppLayout } from './layout/app-layout';
import { NotFound } from './not-found';
import { RouteError } from './route-error';
import { screens, toRouteObject } from './route-table';
import { Loading } from '../components/loading';

registerRoutes(screens.map((screen) => screen.name));

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => <Loading />,
    children: [...screens.map(toRouteObject), { path: '*', Component: NotFound }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

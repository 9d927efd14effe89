import Button, { type ButtonProps } from '@mui/material/Button';
import Link, { type LinkProps } from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { pathTo, type RouteName } from '../config/paths';
import { isRouteRegistered } from '../lib/route-registry';

interface RouteTarget {
  to: RouteName;
  params?: Record<string, string | number>;
  /** A query string for the screen (`?tab=members`). */
  search?: string;
  /** Shown instead of the link while the route's screen does not exist yet; nothing by default. */
  fallback?: ReactNode;
}

/** A text link to a named route, rendered only when that route's screen exists. */
export function RouteLink({
  to,
  params,
  search = '',
  fallback = null,
  ...props
}: RouteTarget & Omit<LinkProps, 'href'>) {
  if (!isRouteRegistered(to)) return <>{fallback}</>;
  return <Link component={RouterLink} to={`${pathTo(to, params)}${search}`} {...props} />;
}

/** A button to a named route, rendered only when that route's screen exists. */
export function RouteButton({
  to,
  params,
  search = '',
  fallback = null,
  ...props
}: RouteTarget & Omit<ButtonProps<typeof RouterLink>, 'to' | 'component'>) {
  if (!isRouteRegistered(to)) return <>{fallback}</>;
  return <Button component={RouterLink} to={`${pathTo(to, params)}${search}`} {...props} />;
}

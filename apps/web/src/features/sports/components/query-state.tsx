import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';

/** A 404 from the sports API means "nothing loaded for that", not a failure. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

interface QueryStateProps {
  isPending: boolean;
  error: unknown;
  loadingLabel: string;
  /** What failed, e.g. "the schedule". */
  what: string;
  /** Shown when the API has nothing for the request (a 404). */
  empty: ReactNode;
}

/** The loading, empty and error states a sports section shares; null once there is data to show. */
export function QueryState({ isPending, error, loadingLabel, what, empty }: QueryStateProps) {
  if (error) {
    if (isNotFound(error)) return <Alert severity="info">{empty}</Alert>;
    return <Alert severity="error">Could not load {what}. Reload the page to try again.</Alert>;
  }
  if (isPending) return <Loading label={loadingLabel} />;
  return null;
}

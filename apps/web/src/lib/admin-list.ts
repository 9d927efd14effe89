import { ADMIN_PAGE_SIZE, type AdminPageInfo, type ExportFormat, type SortDirection } from '@pass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * What an admin table asks the server for (decision 049): the text search, its own filters, the sort and
 * the page. The same parameters, less the page, make its export's address.
 */
export interface AdminListState {
  q: string;
  /** Each filter of the table by its query parameter (`status`, say); '' is no filter. */
  filters: Record<string, string>;
  sort?: string | undefined;
  dir?: SortDirection | undefined;
  /** From 1, as the API counts. */
  page: number;
  pageSize: number;
}

export const initialListState = (overrides: Partial<AdminListState> = {}): AdminListState => ({
  q: '',
  filters: {},
  page: 1,
  pageSize: ADMIN_PAGE_SIZE,
  ...overrides,
});

/** The query string of a list, without empty values (the server's defaults apply). */
export function listParams(state: AdminListState, withPage = true): Record<string, string> {
  const params: Record<string, string> = {};
  if (state.q.trim() !== '') params.q = state.q.trim();
  for (const [key, value] of Object.entries(state.filters)) if (value !== '') params[key] = value;
  if (state.sort) params.sort = state.sort;
  if (state.dir) params.dir = state.dir;
  if (withPage) {
    params.page = String(state.page);
    params.pageSize = String(state.pageSize);
  }
  return params;
}

/** Where a list's export downloads from: the same filters and sort, every matching row. */
export function exportHref(path: string, state: AdminListState, format: ExportFormat): string {
  const search = new URLSearchParams({ ...listParams(state, false), format });
  return `${path}/export?${search.toString()}`;
}

export type AdminListAnswer<Row> = AdminPageInfo & { data: Row[] };

/** `GET <path>` with the list's parameters; the page before stays on screen while the next loads. */
export const adminListQuery = <Row>(path: string, state: AdminListState) =>
  queryOptions({
    queryKey: ['admin', 'list', path, listParams(state)],
    queryFn: ({ signal }) => api.get<AdminListAnswer<Row>>(path, { query: listParams(state), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminList = <Row>(path: string, state: AdminListState) => useQuery(adminListQuery<Row>(path, state));

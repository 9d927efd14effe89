import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_PAGE_SIZE_MAX, type ExportFormat } from '@pass/contracts';
import type { ReactNode } from 'react';
import type { AdminListState } from '../lib/admin-list';
import { visuallyHidden } from './visually-hidden';

export interface DataColumn<Row> {
  /** The column's name in the API: what it sorts by. */
  key: string;
  label: string;
  sortable?: boolean;
  align?: 'left' | 'right';
  /** The cell; the row's value under `key` as text by default. */
  render?: (row: Row) => ReactNode;
  /** Lets long text (a subject, a reason) wrap; other cells keep to one line and the table scrolls sideways. */
  wrap?: boolean;
}

export interface DataFilter {
  /** The query parameter (`status`). */
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

export interface DataTableProps<Row> {
  /** What the table lists: its caption and the name of its regions. */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** Rows matching in all, on every page. */
  total: number;
  state: AdminListState;
  onStateChange: (next: AdminListState) => void;
  filters?: readonly DataFilter[];
  searchLabel?: string;
  /** The address of the export in a format; no export buttons without it. */
  exportHref?: (format: ExportFormat) => string;
  /** The sort the server applied when none was asked (shown on its header). */
  appliedSort?: { sort: string; dir: 'asc' | 'desc' } | undefined;
  loading?: boolean;
  error?: string | null;
  empty?: string;
}

const PAGE_SIZES = [10, 20, 50, ADMIN_PAGE_SIZE_MAX];

const cellText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * The admin's data table: a search box and filters, headers that sort (again to reverse), pages, and the
 * export of every matching row as CSV or JSON. The table scrolls sideways inside a focusable region on a
 * narrow screen, so the page itself never does. Controlled: the caller keeps the state and asks the server.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  total,
  state,
  onStateChange,
  filters = [],
  searchLabel = 'Search',
  exportHref,
  appliedSort,
  loading = false,
  error = null,
  empty = 'Nothing matches.',
}: DataTableProps<Row>) {
  const change = (patch: Partial<AdminListState>) => onStateChange({ ...state, page: 1, ...patch });
  const sortedBy = state.sort ?? appliedSort?.sort;
  const sortDir = state.sort ? (state.dir ?? 'asc') : (appliedSort?.dir ?? 'asc');
  const sortBy = (key: string) =>
    change({ sort: key, dir: sortedBy === key ? (sortDir === 'asc' ? 'desc' : 'asc') : 'asc' });

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ mb: 1.5, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          label={searchLabel}
          value={state.q}
          onChange={(event) => change({ q: event.target.value })}
          sx={{ minWidth: { sm: 260 } }}
        />
        {filters.map((filter) => (
          <TextField
            key={filter.key}
            select
            size="small"
            label={filter.label}
            value={state.filters[filter.key] ?? ''}
            onChange={(event) => change({ filters: { ...state.filters, [filter.key]: event.target.value } })}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">All</MenuItem>
            {filter.options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        ))}
        {exportHref ? (
          <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto' }, alignItems: 'center' }}>
            <Button variant="outlined" size="small" component="a" href={exportHref('csv')} download>
              Export CSV
            </Button>
            <Button variant="outlined" size="small" component="a" href={exportHref('json')} download>
              Export JSON
            </Button>
          </Stack>
        ) : null}
      </Stack>
      {error ? (
        <Typography role="alert" color="error" sx={{ my: 2 }}>
          {error}
        </Typography>
      ) : null}
      <Box sx={{ height: 4 }}>{loading ? <LinearProgress aria-label={`Loading ${label}`} /> : null}</Box>
      <TableContainer
        role="region"
        aria-label={`${label} (scrolls sideways)`}
        tabIndex={0}
        sx={{ overflowX: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
      >
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  component="th"
                  scope="col"
                  align={column.align ?? 'left'}
                  sortDirection={sortedBy === column.key ? sortDir : false}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {column.sortable ? (
                    <TableSortLabel
                      active={sortedBy === column.key}
                      direction={sortedBy === column.key ? sortDir : 'asc'}
                      onClick={() => sortBy(column.key)}
                    >
                      {column.label}
                      {sortedBy === column.key ? (
                        <Box component="span" sx={visuallyHidden}>
                          {sortDir === 'desc' ? ', sorted descending' : ', sorted ascending'}
                        </Box>
                      ) : null}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows ?? []).map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.align ?? 'left'}
                    sx={
                      column.wrap
                        ? { minWidth: 140, maxWidth: 280, overflowWrap: 'anywhere' }
                        : { whiteSpace: 'nowrap' }
                    }
                  >
                    {column.render ? column.render(row) : cellText((row as Record<string, unknown>)[column.key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows && rows.length === 0 && !loading ? (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography color="text.secondary">{empty}</Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={Math.max(0, state.page - 1)}
        rowsPerPage={state.pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_event, page) => onStateChange({ ...state, page: page + 1 })}
        onRowsPerPageChange={(event) => change({ pageSize: Number(event.target.value) })}
        labelRowsPerPage="Rows"
        sx={{ '.MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: 0 } }}
      />
    </Box>
  );
}

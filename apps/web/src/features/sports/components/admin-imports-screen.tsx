import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportRun, ImportSourceKey, ImportSourceStatus } from '@pass/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Page } from '../../../components/page';
import { useSessionUser } from '../../../lib/use-session-user';
import { adminImportsQuery, useAdminImports } from '../api/get-admin-imports';
import { useAdminImportRun } from '../api/get-admin-import-run';
import { useStartAdminImport } from '../api/start-admin-import';
import { timeAgo } from '../lib/format';
import { QueryState } from './query-state';
import { ScreenHeader } from './screen-header';

const STATUS_COLOR = { running: 'info', succeeded: 'success', failed: 'error' } as const;

function RunStatus({ run }: { run: ImportRun | null }) {
  if (!run)
    return (
      <Typography variant="body2" color="text.secondary">
        Never run
      </Typography>
    );
  return <Chip size="small" label={run.status} color={STATUS_COLOR[run.status]} variant="outlined" />;
}

/** A re-run in progress: polls the run until it ends, then refreshes the table. */
function RunProgress({ runId, onDone }: { runId: number; onDone: () => void }) {
  const run = useAdminImportRun(runId);
  const finished = run.data && run.data.status !== 'running';
  useEffect(() => {
    if (finished) onDone();
  }, [finished, onDone]);
  if (run.isError) return <Alert severity="error">Could not follow run {runId}.</Alert>;
  const progress = run.data?.progress;
  const pct = progress && progress.total > 0 ? Math.min(100, (progress.done / progress.total) * 100) : undefined;
  return (
    <Box sx={{ minWidth: 140 }} role="status" aria-live="polite">
      <LinearProgress
        variant={pct === undefined ? 'indeterminate' : 'determinate'}
        value={pct}
        aria-label={`Run ${runId} progress`}
      />
      <Typography variant="caption" color="text.secondary">
        {progress ? `${progress.phase}: ${progress.done} / ${progress.total}` : 'Starting…'}
      </Typography>
    </Box>
  );
}

/** The data imports: each source's last run, status, counts and last error, with a Re-run button (admin). */
export function AdminImportsScreen() {
  const user = useSessionUser();
  const imports = useAdminImports();
  const start = useStartAdminImport();
  const queryClient = useQueryClient();
  const [runs, setRuns] = useState<Record<string, number>>({});
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminImportsQuery().queryKey });

  if (user && !user.isAdmin) {
    return (
      <Page name="admin-almanac" title="Imports">
        <Alert severity="warning">This page is for the admin.</Alert>
      </Page>
    );
  }

  const rerun = (source: string) => {
    start.mutate(source as ImportSourceKey, {
      onSuccess: (started) => setRuns((current) => ({ ...current, [source]: started.run_id })),
    });
  };
  const done = (source: string) => {
    setRuns((current) => {
      const next = { ...current };
      delete next[source];
      return next;
    });
    refresh();
  };

  return (
    <Page name="admin-almanac" title="Imports" maxWidth="lg">
      <ScreenHeader title="Data imports" subtitle="The sources of schedules, scores and odds behind the almanac." />
      {start.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {start.error.message}
        </Alert>
      ) : null}
      <QueryState
        isPending={imports.isPending}
        error={imports.error}
        loadingLabel="Loading the imports…"
        what="the imports"
        empty="No import sources."
      />
      {imports.data ? (
        <TableContainer>
          <Table size="small" aria-label="Import sources">
            <TableHead>
              <TableRow>
                {['Source', 'Last run', 'Status', 'Counts', 'Last error', ''].map((label, index) => (
                  <TableCell key={index} component="th" scope="col">
                    {label || (
                      <Box component="span" sx={{ position: 'absolute', left: -9999 }}>
                        Actions
                      </Box>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {imports.data.sources.map((source: ImportSourceStatus) => {
                const runId = runs[source.source];
                const last = source.last_run;
                return (
                  <TableRow key={source.source}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                      {source.source}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {last ? (
                        <time dateTime={last.started_at} title={new Date(last.started_at).toLocaleString()}>
                          {timeAgo(new Date(last.started_at))} ({last.trigger})
                        </time>
                      ) : (
                        '–'
                      )}
                    </TableCell>
                    <TableCell>
                      {runId ? (
                        <RunProgress runId={runId} onDone={() => done(source.source)} />
                      ) : (
                        <RunStatus run={last} />
                      )}
                    </TableCell>
                    <TableCell sx={{ typography: 'body2' }}>
                      {source.counts.events} events · {source.counts.quotes} quotes
                      <br />
                      {source.counts.succeeded}/{source.counts.runs} runs succeeded
                      {last ? ` · last: +${last.added} ~${last.updated}` : ''}
                    </TableCell>
                    <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere', typography: 'body2' }}>
                      {source.last_error?.error ?? '–'}
                    </TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={Boolean(runId) || last?.status === 'running'}
                        onClick={() => rerun(source.source)}
                        aria-label={`Re-run ${source.source}`}
                      >
                        Re-run
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Page>
  );
}

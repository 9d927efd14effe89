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
import type { ImportRun, ImportSourceKey, ImportSourceStatus, SchedulerJobStatus } from '@pass/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useState, type ReactNode } from 'react';
import { Page } from '../../../components/page';
import { useSessionUser } from '../../../lib/use-session-user';
import { adminImportsQuery, useAdminImports } from '../api/get-admin-imports';
import { useAdminImportRun } from '../api/get-admin-import-run';
import { useStartAdminImport } from '../api/start-admin-import';
import { timeAgo } from '../lib/format';
import { LiveSourcesSection } from './live-sources-section';
import { QueryState } from './query-state';
import { ScreenHeader } from './screen-header';
import { StackedRows } from '../../../components/stacked-rows';
import { usePhoneLayout } from '../../../components/use-phone-layout';

const STATUS_COLOR = { running: 'info', succeeded: 'success', failed: 'error' } as const;
const STATUS_TEXT = { running: 'info.dark', succeeded: 'success.dark', failed: 'error.main' } as const;

function RunStatus({ run }: { run: ImportRun | null }) {
  if (!run)
    return (
      <Typography variant="body2" color="text.secondary">
        Never run
      </Typography>
    );
  return (
    <Chip
      size="small"
      label={run.status}
      color={STATUS_COLOR[run.status]}
      variant="outlined"
      // The theme's green and blue are too light for small text on white.
      sx={{ color: STATUS_TEXT[run.status] }}
    />
  );
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

/** When a run started, e.g. "3 hours ago", the full time on hover. */
function RunTime({ run, suffix }: { run: ImportRun; suffix?: string }) {
  return (
    <time dateTime={run.started_at} title={new Date(run.started_at).toLocaleString()}>
      {timeAgo(new Date(run.started_at))}
      {suffix ? ` (${suffix})` : ''}
    </time>
  );
}

function LastSuccess({ run }: { run: ImportRun | null }) {
  if (!run) return <>–</>;
  return (
    <>
      <RunTime run={run} />
      <br />+{run.added} added · {run.updated} updated
    </>
  );
}

function LastError({ run }: { run: ImportRun | null }) {
  if (!run) return <>–</>;
  return (
    <>
      <RunTime run={run} />
      <br />
      {run.error ?? 'Failed'}
    </>
  );
}

function Counts({ source }: { source: ImportSourceStatus }) {
  return (
    <>
      {source.counts.events} events · {source.counts.quotes} quotes
      <br />
      {source.counts.succeeded}/{source.counts.runs} runs succeeded
    </>
  );
}

interface ImportsTableProps {
  sources: readonly ImportSourceStatus[];
  /** The run each re-run source is following. */
  runs: Readonly<Record<string, number>>;
  onRerun: (source: string) => void;
  onDone: (source: string) => void;
  /** The source whose re-run is being asked for. */
  starting: string | undefined;
}

/** Each source with its last run, status, last success, last error and counts; stacked cards on a phone. */
function ImportsTable({ sources, runs, onRerun, onDone, starting }: ImportsTableProps) {
  const phone = usePhoneLayout();
  const status = (source: ImportSourceStatus) => {
    const runId = runs[source.source];
    return runId ? (
      <RunProgress runId={runId} onDone={() => onDone(source.source)} />
    ) : (
      <RunStatus run={source.last_run} />
    );
  };
  const rerunButton = (source: ImportSourceStatus) => (
    <Button
      size="small"
      variant="outlined"
      disabled={Boolean(runs[source.source]) || source.last_run?.status === 'running' || starting === source.source}
      onClick={() => onRerun(source.source)}
      aria-label={`Re-run ${source.source}`}
    >
      Re-run
    </Button>
  );
  if (phone) {
    return (
      <StackedRows
        label="Import sources"
        minFieldWidth="8.5rem"
        rows={sources.map((source) => ({
          key: source.source,
          title: source.source,
          aside: status(source),
          fields: [
            {
              label: 'Last run',
              value: source.last_run ? <RunTime run={source.last_run} suffix={source.last_run.trigger} /> : '–',
            },
            { label: 'Last success', value: <LastSuccess run={source.last_success} /> },
            { label: 'Last error', value: <LastError run={source.last_error} />, wide: true },
            { label: 'Counts', value: <Counts source={source} /> },
          ],
          actions: rerunButton(source),
        }))}
      />
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Import sources">
        <TableHead>
          <TableRow>
            {['Source', 'Last run', 'Status', 'Last success', 'Last error', 'Counts', ''].map((label, index) => (
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
          {sources.map((source) => (
            <TableRow key={source.source} data-source={source.source}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {source.source}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {source.last_run ? <RunTime run={source.last_run} suffix={source.last_run.trigger} /> : '–'}
              </TableCell>
              <TableCell>{status(source)}</TableCell>
              <TableCell sx={{ typography: 'body2', whiteSpace: 'nowrap' }}>
                <LastSuccess run={source.last_success} />
              </TableCell>
              <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere', typography: 'body2' }}>
                <LastError run={source.last_error} />
              </TableCell>
              <TableCell sx={{ typography: 'body2' }}>
                <Counts source={source} />
              </TableCell>
              <TableCell>{rerunButton(source)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const JOB_WORDS: Record<SchedulerJobStatus['job'], string> = {
  odds: 'Odds (a few times a day and before each kickoff window)',
  scores: 'Scores (while games are live)',
  schedules: 'Schedules (daily)',
};

function At({ at }: { at: string | null }) {
  if (!at) return <>–</>;
  return (
    <time dateTime={at} title={new Date(at).toLocaleString()}>
      {timeAgo(new Date(at))}
    </time>
  );
}

/** The background refresh: each job's switch, last start, success and error, as every server instance sees it. */
function SchedulerJobs({ jobs }: { jobs: readonly SchedulerJobStatus[] }) {
  return (
    <Box component="section" aria-labelledby="scheduled-refresh" sx={{ mt: 4 }}>
      <Typography id="scheduled-refresh" variant="h6" component="h2" gutterBottom sx={{ scrollMarginTop: 72 }}>
        Scheduled refresh
      </Typography>
      <StackedRows
        label="Scheduled refresh jobs"
        minFieldWidth="8.5rem"
        rows={jobs.map((job) => ({
          key: job.job,
          title: JOB_WORDS[job.job],
          aside: (
            <Chip
              size="small"
              variant="outlined"
              label={job.enabled ? 'On' : 'Off'}
              color={job.enabled ? 'success' : 'default'}
              sx={job.enabled ? { color: 'success.dark' } : undefined}
            />
          ),
          fields: [
            { label: 'Last started', value: <At at={job.last_started_at} /> },
            { label: 'Last success', value: <At at={job.last_success_at} /> },
            {
              label: 'Last error',
              value: job.last_error_at ? (
                <>
                  <At at={job.last_error_at} />: {job.last_error ?? 'failed'}
                </>
              ) : (
                '–'
              ),
              wide: true,
            },
          ],
        }))}
      />
    </Box>
  );
}

/** A section another feature adds to the admin screen (app/ composes them), listed in its navigation. */
export interface AdminSection {
  /** The section element's id: the navigation links to `#id`. */
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * The data imports, without a page around them: each source's last run, status, last success, last error and
 * counts, with a Re-run button whose run's progress shows until it ends, then the scheduled refresh. The
 * admin screen's Imports section and the imports screen both show it.
 */
export function AdminImportsPanel() {
  const imports = useAdminImports();
  const start = useStartAdminImport();
  const queryClient = useQueryClient();
  const [runs, setRuns] = useState<Record<string, number>>({});
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminImportsQuery().queryKey });

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
    <>
      {start.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {start.error.message}
        </Alert>
      ) : null}
      <Box id="data-imports" sx={{ scrollMarginTop: 72 }}>
        <QueryState
          isPending={imports.isPending}
          error={imports.error}
          loadingLabel="Loading the imports…"
          what="the imports"
          empty="No import sources."
        />
        {imports.data ? (
          <ImportsTable
            sources={imports.data.sources}
            runs={runs}
            onRerun={rerun}
            onDone={done}
            starting={start.isPending ? start.variables : undefined}
          />
        ) : null}
      </Box>
      {imports.data ? <LiveSourcesSection sources={imports.data.live_sources} budgets={imports.data.budgets} /> : null}
      {imports.data && imports.data.scheduler.jobs.length > 0 ? (
        <SchedulerJobs jobs={imports.data.scheduler.jobs} />
      ) : null}
    </>
  );
}

/**
 * The data imports screen (admin), with the sections other features add below, each a link away in the
 * screen's navigation.
 */
export function AdminImportsScreen({ sections = [] }: { sections?: readonly AdminSection[] }) {
  const user = useSessionUser();
  const imports = useAdminImports();

  if (user && !user.isAdmin) {
    return (
      <Page name="admin-almanac" title="Imports">
        <Alert severity="warning">This page is for the admin.</Alert>
      </Page>
    );
  }

  return (
    <Page name="admin-almanac" title="Imports" maxWidth="lg">
      <ScreenHeader title="Data imports" subtitle="The sources of schedules, scores and odds behind the almanac." />
      {sections.length > 0 ? (
        <Stack
          component="nav"
          aria-label="Admin sections"
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ mb: 3, flexWrap: 'wrap' }}
        >
          <Link href="#data-imports">Data imports</Link>
          <Link href="#live-sources">Live sources</Link>
          {imports.data && imports.data.scheduler.jobs.length > 0 ? (
            <Link href="#scheduled-refresh">Scheduled refresh</Link>
          ) : null}
          {sections.map((section) => (
            <Link key={section.id} href={`#${section.id}`}>
              {section.label}
            </Link>
          ))}
        </Stack>
      ) : null}
      <AdminImportsPanel />
      {sections.map((section) => (
        <Box key={section.id}>{section.content}</Box>
      ))}
    </Page>
  );
}

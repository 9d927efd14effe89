import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { DataLoadStep, DataStatusResponse } from '@pass/contracts';
import type { ReactNode } from 'react';
import { useDataStatus } from '../lib/data-status';
import { Page } from './page';

const count = (value: number) => value.toLocaleString('en-US');

/** What the running step is doing, in words: "writing lines, 12,500 of 58,000". */
export function describePhase(step: DataLoadStep): string | null {
  if (step.phase === 'reading') return 'reading the data';
  if (step.phase === 'games' || step.phase === 'lines') {
    const what = step.phase === 'games' ? 'writing games' : 'writing lines';
    return step.total > 0 ? `${what}, ${count(step.done)} of ${count(step.total)}` : what;
  }
  return null;
}

const STATE_TEXT: Record<DataLoadStep['state'], string> = {
  pending: 'waiting',
  running: 'loading',
  done: 'loaded',
  skipped: 'nothing to load',
  failed: 'could not be loaded',
};

/** The server's first-run import, as a screen that needs its data shows it until the data is there. */
export function DataLoading({ status }: { status: DataStatusResponse }) {
  const percent = Math.round(status.progress * 100);
  const current = status.current === null ? undefined : status.steps[status.current];
  const phase = current ? describePhase(current) : null;
  return (
    <Page name="loading-data" title="Loading data" maxWidth="sm">
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' }, mb: 1 }}>
        Loading data
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        PA$$ is loading its schedules, odds and results for the first time. This page shows them as soon as they are in.
      </Typography>
      <Box role="status" aria-live="polite">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label="Data loaded"
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
          />
          <Typography sx={{ minWidth: '3.5em', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
            {percent}%
          </Typography>
        </Box>
        <Typography sx={{ mt: 1 }}>
          {current
            ? `Step ${status.current! + 1} of ${status.steps.length}: ${current.label}${phase ? ` (${phase})` : ''}`
            : 'Getting ready…'}
        </Typography>
      </Box>
      {status.steps.length > 0 ? (
        <Box component="ol" aria-label="Steps" sx={{ mt: 3, pl: 3, color: 'text.secondary' }}>
          {status.steps.map((step) => (
            <Typography
              component="li"
              key={step.name}
              sx={{
                fontWeight: step.state === 'running' ? 600 : 400,
                color: step.state === 'running' ? 'text.primary' : undefined,
              }}
            >
              {step.label}: {STATE_TEXT[step.state]}
            </Typography>
          ))}
        </Box>
      ) : null}
    </Page>
  );
}

/**
 * Around a screen that needs data (schedules, odds, teams, the almanac…): while the server's first run is still
 * loading, its progress instead of a screen that would be empty; the screen itself once the data is in. A status
 * that cannot be read shows the screen as usual.
 */
export function DataGate({ needsData, children }: { needsData: boolean; children: ReactNode }) {
  const status = useDataStatus(needsData);
  if (needsData && status.data?.state === 'loading') return <DataLoading status={status.data} />;
  return children;
}

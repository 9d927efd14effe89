import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { LiveSourceStatus, SourceBudget } from '@pass/contracts';
import { StackedRows } from '../../../components/stacked-rows';
import { SPORT_WORDS } from '../../../lib/bet-format';
import { useSwitchLiveSource } from '../api/switch-live-source';
import { timeAgo, timeFromNow } from '../lib/format';

const CADENCE_WORDS: Record<NonNullable<LiveSourceStatus['cadence']>, string> = {
  live: 'Games on',
  'game-day': 'Game day',
  idle: 'Daily',
};

/** A wait in words: "30 s", "15 min", "1 h 31 min", "2 days". */
function waitWords(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 36 * 60) {
    return minutes % 60 === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  }
  return `${Math.round(minutes / 1440)} days`;
}

/**
 * The source's cadence and how often it polls at it: "Games on: every 30 s", "Game day: every 15 min", "Daily";
 * a metered source paces itself slower ("Games on: every 43 min").
 */
function paceWords(source: LiveSourceStatus): string {
  if (!source.cadence) return '–';
  const words = CADENCE_WORDS[source.cadence];
  if (source.every_ms === null) return words;
  if (source.cadence === 'idle' && Math.abs(source.every_ms - 86_400_000) < 60_000) return words;
  return `${words}: every ${waitWords(source.every_ms)}`;
}

function At({ at, future = false }: { at: string | null; future?: boolean }) {
  if (!at) return <>–</>;
  const time = new Date(at);
  return (
    <time dateTime={at} title={time.toLocaleString()}>
      {future ? timeFromNow(time) : timeAgo(time)}
    </time>
  );
}

/** The last answer in words: "304 unchanged", "200 changed: 2 updated", "failed (500)". */
function LastAnswer({ source }: { source: LiveSourceStatus }) {
  if (!source.last_outcome) return <>Not polled yet</>;
  const status = source.last_status === null ? 'no answer' : String(source.last_status);
  if (source.last_outcome === 'failed') return <>Failed ({status})</>;
  if (source.last_outcome === 'unchanged') return <>{status} unchanged</>;
  const summary = source.last_summary;
  return (
    <>
      {status} changed{summary ? `: ${summary.added} added, ${summary.updated} updated` : ''}
    </>
  );
}

/** What each keyed source may still spend: "cfbd: 812 calls left, 3 min ago." */
function Budget({ budget }: { budget: SourceBudget }) {
  if (!budget.configured) return <>{budget.source}: no key set, not called.</>;
  const below = budget.remaining !== null && budget.remaining < budget.reserve;
  return (
    <>
      {budget.source}: {budget.remaining ?? 'unknown'} {budget.unit} left
      {budget.used === null ? '' : ` (${budget.used} used)`}
      {budget.reported_at ? (
        <>
          , <At at={budget.reported_at} />
        </>
      ) : null}
      {below ? `. Below the reserve of ${budget.reserve}: not called until they renew.` : '.'}
    </>
  );
}

function Budgets({ budgets }: { budgets: readonly SourceBudget[] }) {
  return (
    <Box component="ul" aria-label="Keyed sources' budgets" sx={{ listStyle: 'none', p: 0, mt: 0, mb: 1 }}>
      {budgets.map((budget) => (
        <Typography key={budget.source} component="li" variant="body2" color="text.secondary">
          <Budget budget={budget} />
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The live sources the server polls (decision 067): each one's cadence, last fetch and answer, ETag, next poll
 * and last error, with a switch that stops polling it.
 */
export function LiveSourcesSection({
  sources,
  budgets,
}: {
  sources: readonly LiveSourceStatus[];
  budgets: readonly SourceBudget[];
}) {
  const switchSource = useSwitchLiveSource();
  return (
    <Box component="section" aria-labelledby="live-sources" sx={{ mt: 4 }}>
      <Typography id="live-sources" variant="h6" component="h2" gutterBottom sx={{ scrollMarginTop: 72 }}>
        Live sources
      </Typography>
      <Budgets budgets={budgets} />
      {sources.length === 0 ? (
        <Typography variant="body2">No live source is set up.</Typography>
      ) : (
        <StackedRows
          label="Live sources"
          minFieldWidth="8.5rem"
          rows={sources.map((source) => ({
            key: source.key,
            title: `${source.name} · ${SPORT_WORDS[source.sport] ?? source.sport}`,
            aside: (
              <FormControlLabel
                control={
                  <Switch
                    checked={source.enabled}
                    disabled={switchSource.isPending}
                    onChange={(event) => switchSource.mutate({ key: source.key, enabled: event.target.checked })}
                    slotProps={{
                      input: { 'aria-label': `Poll ${source.name} for ${SPORT_WORDS[source.sport] ?? source.sport}` },
                    }}
                  />
                }
                label={source.enabled ? 'On' : 'Off'}
              />
            ),
            fields: [
              {
                label: 'Cadence',
                value: source.enabled ? paceWords(source) : 'Switched off',
              },
              {
                label: 'Last fetch',
                value: (
                  <>
                    <At at={source.last_fetch_at} />
                    <br />
                    <LastAnswer source={source} />
                  </>
                ),
              },
              { label: 'Next poll', value: source.enabled ? <At at={source.next_poll_at} future /> : '–' },
              {
                label: 'ETag',
                value: source.etag ? <code style={{ overflowWrap: 'anywhere' }}>{source.etag}</code> : '–',
              },
              {
                label: 'Last error',
                wide: true,
                value: source.last_error_at ? (
                  <>
                    <At at={source.last_error_at} />: {source.last_error}
                    {source.failures > 0 ? (
                      <Chip size="small" color="warning" label={`${source.failures} in a row`} sx={{ ml: 1 }} />
                    ) : null}
                  </>
                ) : (
                  '–'
                ),
              },
            ],
          }))}
        />
      )}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { POOL_DEFAULTS } from '@pass/domain';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { RouteButton } from '../../../components/route-link';
import { useClientConfig } from '../../../lib/client-config';
import { PoolRulesText } from './pool-rules-text';
import { PoolList } from './pool-list';
import { WeekGames } from './week-games';

const TABS = [
  { key: 'schedule', label: 'Schedule' },
  { key: 'rules', label: 'Pool Party Rules' },
  { key: 'lifeguard', label: 'Lifeguard' },
  { key: 'my-pools', label: 'My Pools' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** Pool Party's home: this week's games, the rules, the pools I host and the pools I am in. */
export function PoolPartyScreen() {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((entry) => entry.key === params.get('tab'))?.key ?? 'schedule';
  const config = useClientConfig();
  const maxPools = config.data?.poolMaxPerLifeguard ?? POOL_DEFAULTS.maxPoolsPerLifeguard;

  return (
    <Page name="pool-party" title="Pool Party" maxWidth="lg">
      <Typography variant="h4" component="h1" gutterBottom>
        Pool Party
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, value: TabKey) => setParams({ tab: value }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Pool Party"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {TABS.map((entry) => (
          <Tab
            key={entry.key}
            value={entry.key}
            label={entry.label}
            id={`pool-party-tab-${entry.key}`}
            aria-controls="pool-party-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="pool-party-panel" aria-labelledby={`pool-party-tab-${tab}`}>
        {tab === 'schedule' ? <WeekGames sport="americanfootball_nfl" /> : null}
        {tab === 'rules' ? <PoolRulesText /> : null}
        {tab === 'lifeguard' ? (
          <>
            <Typography variant="h5" component="h2" gutterBottom>
              Pools I host
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              A Lifeguard may host up to {maxPools} pools at a time, each with up to {POOL_DEFAULTS.maxGuestsPerPool}{' '}
              guests.
            </Typography>
            <PoolList label="Pools I host" filter={(pool) => pool.role === 'lifeguard'} empty="You host no pool yet." />
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }}>
              <RouteButton to="football-pools" variant="contained">
                Create a pool
              </RouteButton>
              <RouteButton to="ncaa-football-pools" variant="outlined">
                Create a college pool
              </RouteButton>
              <RouteButton to="invite" variant="outlined">
                Invite guests
              </RouteButton>
            </Box>
          </>
        ) : null}
        {tab === 'my-pools' ? (
          <>
            <Typography variant="h5" component="h2" gutterBottom>
              My pools
            </Typography>
            <PoolList label="My pools" filter={() => true} empty="You are in no pool yet." />
          </>
        ) : null}
      </Box>
    </Page>
  );
}

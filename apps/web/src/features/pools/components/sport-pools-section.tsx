import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SportKey } from '@pass/contracts';
import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Loading } from '../../../components/loading';
import { RouteLink } from '../../../components/route-link';
import { pathTo } from '../../../config/paths';
import { isRouteRegistered } from '../../../lib/route-registry';
import { useServerNow } from '../../../lib/server-clock';
import { useSessionUser } from '../../../lib/use-session-user';
import { newPoolSeason, SPORT_NAMES } from '../lib/pool-text';
import { CreatePoolForm } from './create-pool-form';
import { PoolList } from './pool-list';

interface SportPoolsSectionProps {
  sport: SportKey;
  /** How the sport is named in text: "baseball". */
  noun: string;
}

/**
 * A sport menu's Pools section (the baseball menu's): the member's pools of the sport and a way to create
 * one, preset to the sport and the server's current season; a visitor is asked to sign in instead.
 */
export function SportPoolsSection({ sport, noun }: SportPoolsSectionProps) {
  const user = useSessionUser();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        Pools
      </Typography>
      {user ? <MemberPools sport={sport} noun={noun} /> : <SignInPrompt sport={sport} noun={noun} />}
    </Box>
  );
}

function MemberPools({ sport, noun }: SportPoolsSectionProps) {
  const [creating, setCreating] = useState(false);
  const formId = useId();
  const now = useServerNow();
  const season = now ? newPoolSeason(sport, now) : null;
  return (
    <Stack spacing={2}>
      <PoolList
        label={`My ${noun} pools`}
        filter={(pool) => pool.sport === sport}
        empty={`You are in no ${noun} pool yet: create one, or join one with the link your Lifeguard sends.`}
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant={creating ? 'outlined' : 'contained'}
          aria-expanded={creating}
          aria-controls={formId}
          onClick={() => setCreating((open) => !open)}
        >
          {creating ? 'Close the form' : `Create a ${noun} pool`}
        </Button>
        <RouteLink to="pool-party">Pool Party home</RouteLink>
      </Stack>
      <Collapse in={creating} id={formId} unmountOnExit>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
          {now && season !== null ? (
            <CreatePoolForm key={`${sport}-${season}`} sport={sport} season={season} now={now} headingComponent="h3" />
          ) : (
            <Loading label="Loading the season" />
          )}
        </Paper>
      </Collapse>
    </Stack>
  );
}

/** A visitor: the pools are a member's, so sign in (and come back here). */
function SignInPrompt({ sport, noun }: SportPoolsSectionProps) {
  const location = useLocation();
  const back = new URLSearchParams({ redirect: location.pathname + location.search });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography sx={{ mb: 2 }}>
        Log in to see your {noun} pools and to start one: pick&apos;em on {SPORT_NAMES[sport]} games with your friends,
        week by week.
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {isRouteRegistered('login') ? (
          <Button component={RouterLink} to={`${pathTo('login')}?${back}`} variant="contained">
            Log in
          </Button>
        ) : null}
        <RouteLink to="signup">Create an account</RouteLink>
      </Stack>
    </Paper>
  );
}

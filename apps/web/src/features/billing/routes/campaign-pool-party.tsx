import { POOL_DEFAULTS } from '@pass/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';
import { RouteButton, RouteLink } from '../../../components/route-link';
import { useClientConfig } from '../../../lib/client-config';
import { useSessionUser } from '../../../lib/use-session-user';

/**
 * `/campaign/pass-pool-party/signup-for-free`: the Pool Party campaign's landing page. Joining is free and needs
 * no credit card; the page says what a pool offers, with the numbers the pools themselves use.
 */
export default function CampaignPoolPartyRoute() {
  const user = useSessionUser();
  const config = useClientConfig();
  const maxPools = config.data?.poolMaxPerLifeguard ?? POOL_DEFAULTS.maxPoolsPerLifeguard;
  const offers = [
    {
      title: 'Your own private pool',
      text: `Be the Lifeguard: name it, pick its icon and colours, and host up to ${maxPools} pools at once.`,
    },
    {
      title: 'Invite your crew',
      text: `Up to ${POOL_DEFAULTS.maxGuestsPerPool} guests per pool, invited by email or a link to share.`,
    },
    {
      title: 'Picks that count',
      text: `Each game is worth ${POOL_DEFAULTS.pointsPerGame} points against the spread or straight up; a double play is worth ${POOL_DEFAULTS.doublePlayPoints} and a triple play ${POOL_DEFAULTS.triplePlayPoints}.`,
    },
    {
      title: 'Last Man Standing',
      text: 'Pick one team a week, never the same twice: a win survives, a loss is out for the season.',
    },
    {
      title: 'Standings and chat',
      text: "Weekly winners, season standings, head-to-head records and the pool's own private chat room.",
    },
  ];
  return (
    <Page name="campaign-pool-party" title="Pool Party: sign up for free" maxWidth="md">
      <Box sx={{ textAlign: { xs: 'left', sm: 'center' }, mb: 4 }}>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '3rem' }, fontWeight: 700 }}>
          PA$$ Pool Party
        </Typography>
        <Typography variant="h6" component="p" sx={{ mt: 1 }}>
          Run an office pool for the football season with friends. Free to join, no credit card needed.
        </Typography>
        <Box sx={{ mt: 3 }}>
          {user ? (
            <RouteButton to="pool-party" variant="contained" size="large">
              Start a pool
            </RouteButton>
          ) : (
            <RouteButton to="register-new" variant="contained" size="large">
              Sign up for free
            </RouteButton>
          )}
        </Box>
      </Box>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        What a pool offers
      </Typography>
      <Stack spacing={2}>
        {offers.map((offer) => (
          <Paper key={offer.title} variant="outlined" sx={{ p: 2.5 }}>
            <Typography variant="h6" component="h3">
              {offer.title}
            </Typography>
            <Typography>{offer.text}</Typography>
          </Paper>
        ))}
      </Stack>
      <Typography sx={{ mt: 3 }}>
        Read the <RouteLink to="pool-party-rules">Pool Party rules</RouteLink>
        {user ? null : (
          <>
            , or <RouteLink to="login">log in</RouteLink> if you already have an account
          </>
        )}
        .
      </Typography>
    </Page>
  );
}

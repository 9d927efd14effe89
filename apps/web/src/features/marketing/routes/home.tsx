import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { POOL_DEFAULTS } from '@pass/domain';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteButton, RouteLink } from '../../../components/route-link';
import { MobileAppSection } from '../components/mobile-app-section';
import { useSessionUser } from '../../../lib/use-session-user';

const PILLARS = [
  {
    title: 'Win',
    body: 'Log a pick or a bet in seconds: real or simulated, moneyline, spread, total or teaser. It is graded the moment the game ends, pushes and half points included.',
    link: { to: 'subscribe', label: 'Sync your sportsbooks' },
  },
  {
    title: 'Lose',
    body: 'See exactly where it goes wrong: record, ROI and units by team, by week, by kind of bet and by book, with the closing line you beat or missed.',
    link: { to: 'demo', label: 'Try simulated wagers' },
  },
  {
    title: 'Learn',
    body: 'Schedules, scores and odds from many sportsbooks for the NFL, college football and MLB; line history, trends and each team\u2019s record against the spread.',
    link: { to: 'demo', label: 'See the demo' },
  },
] as const;

interface HomeProps {
  /**
   * The signed-in member's own home (app/ composes it from the other features): shown instead of the
   * marketing sections, which are for visitors.
   */
  memberHome?: ReactNode;
}

export default function HomeRoute({ memberHome }: HomeProps) {
  const user = useSessionUser();
  const location = useLocation();
  const member = user !== null && memberHome !== undefined;

  useEffect(() => {
    document.title = member ? 'Home · PA$$' : 'PA$$ — picks, odds and office pools';
  }, [member]);

  // Links such as /#mobile-app land on their section.
  useEffect(() => {
    if (!location.hash) return;
    document.getElementById(location.hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [location.hash]);

  return (
    <Box component="main" id="main" data-page="home">
      {member ? memberHome : <VisitorHome signedIn={user !== null} />}
      <MobileAppSection />
    </Box>
  );
}

/** The marketing page: the hero with its call to join, Win/Lose/Learn and Pool Party. */
function VisitorHome({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 6, md: 10 } }}>
        <Container maxWidth="md">
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2.1rem', md: '3.2rem' } }} gutterBottom>
            Every pick. Every bet. Every pool.
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 400, mb: 4, maxWidth: 640 }}>
            PA$$ tracks your real and simulated bets and picks for the NFL, college football and MLB, compares odds
            across sportsbooks, and runs your office pool. It never takes a wager.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {signedIn ? null : (
              <RouteButton to="register-new" variant="contained" color="secondary" size="large">
                Join for free
              </RouteButton>
            )}
            <Typography sx={{ alignSelf: { sm: 'center' }, opacity: 0.9 }}>Free to join. No credit card.</Typography>
          </Stack>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Typography variant="h4" component="h2" gutterBottom>
          Win, lose, learn
        </Typography>
        <Grid container spacing={3}>
          {PILLARS.map((pillar) => (
            <Grid key={pillar.title} size={{ xs: 12, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h5" component="h3" gutterBottom color="primary.dark">
                    {pillar.title}
                  </Typography>
                  <Typography sx={{ mb: 2 }}>{pillar.body}</Typography>
                  <RouteLink to={pillar.link.to}>{pillar.link.label}</RouteLink>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>

      <Box component="section" aria-labelledby="pool-party-heading" sx={{ bgcolor: 'grey.50', py: { xs: 5, md: 8 } }}>
        <Container maxWidth="md">
          <Typography id="pool-party-heading" variant="h4" component="h2" gutterBottom>
            Pool Party
          </Typography>
          <Typography sx={{ mb: 2 }}>
            Be the Lifeguard of your office pool. Invite up to {POOL_DEFAULTS.maxGuestsPerPool} guests, pick a slate of
            games each week, score {POOL_DEFAULTS.pointsPerGame} points a game (double and triple plays for the brave),
            run Last Man Standing, and trash-talk in the pool&apos;s own chat room. Picks lock at kickoff; standings
            update the moment a game ends. No spreadsheets.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <RouteButton to="football-pools" variant="contained">
              Create a pool
            </RouteButton>
            <RouteLink to="pool-party-rules">Read the Pool Party rules</RouteLink>
            <RouteLink to="campaign-pool-party">Pool Party is free: see what a pool offers</RouteLink>
          </Stack>
        </Container>
      </Box>
    </>
  );
}

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouteButton, RouteLink } from '../../../components/route-link';
import { useSessionUser } from '../../../lib/use-session-user';

/** Hello to a visitor, with the join-for-free call to action; a member is welcomed back instead. */
export function WelcomeBanner() {
  const user = useSessionUser();
  return (
    <Box
      component="section"
      aria-labelledby="welcome-heading"
      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: 2, p: { xs: 2.5, md: 4 }, mb: 3 }}
    >
      <Typography id="welcome-heading" variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', md: '2.2rem' } }}>
        {user ? `Welcome back, ${user.name ?? user.username}!` : 'Hello, and welcome to PA$$!'}
      </Typography>
      <Typography sx={{ mt: 1, mb: 2, maxWidth: 720 }}>
        {user
          ? 'This is the demo: a past season played out with a simple strategy. Your own picks and bets are graded the same way.'
          : 'See what PA$$ does before you sign up: below, a past season plays out week by week. Picks and simulated bets are made each week and graded as the games end, with the record, reward and ROI a member sees.'}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {user ? (
          <RouteButton to="user-bets" variant="contained" color="secondary">
            Go to my bets
          </RouteButton>
        ) : (
          <>
            <RouteButton to="register-new" variant="contained" color="secondary" size="large">
              Join for free
            </RouteButton>
            <Typography component="span">
              Already a member?{' '}
              <RouteLink to="login" color="inherit" underline="always">
                Log in
              </RouteLink>
            </Typography>
          </>
        )}
      </Stack>
    </Box>
  );
}

import Typography from '@mui/material/Typography';
import { VERSION_LABEL } from '@pass/domain';
import { Page } from '../../../components/page';
import { RouteLink } from '../../../components/route-link';

export default function AboutRoute() {
  return (
    <Page name="about" title="About">
      <Typography variant="h4" component="h1" gutterBottom>
        About PA$$
      </Typography>
      <Typography sx={{ mb: 2 }}>
        PA$$ is where you keep score of your sports picks and bets, real or simulated, for the NFL, college football and
        MLB. It grades them as games end and shows what works for you: by team, by week, by kind of bet and by
        sportsbook. It also shows schedules and odds from many sportsbooks, and it runs private office pools through
        Pool Party.
      </Typography>
      <Typography sx={{ mb: 2 }}>
        PA$$ is not a wagering site. It never takes, places or settles a bet, and it holds no one&apos;s money. Joining
        is free and needs no credit card; the optional PA$$ Sync membership links your sportsbook accounts so your bets
        arrive on their own.
      </Typography>
      <Typography variant="h6" component="h2" gutterBottom>
        Where the history comes from
      </Typography>
      <Typography sx={{ mb: 1 }}>
        Past seasons come from public sources: NFL games and closing lines from nflverse (CC BY 4.0), college football
        from CollegeFootballData.com and sportsdataverse, MLB 2025 results from the MLB Stats API (© MLB Advanced Media,
        L.P.), and MLB 2023 and 2024 from Retrosheet.
      </Typography>
      <Typography component="p" variant="body2" sx={{ mb: 2 }} data-testid="retrosheet-notice">
        The information used here was obtained free of charge from and is copyrighted by Retrosheet. Interested parties
        may contact Retrosheet at &quot;www.retrosheet.org&quot;.
      </Typography>
      <Typography color="text.secondary">
        {VERSION_LABEL} · <RouteLink to="about-changes">What&apos;s new</RouteLink>
      </Typography>
    </Page>
  );
}

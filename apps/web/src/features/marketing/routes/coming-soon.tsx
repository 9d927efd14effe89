import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';
import { RouteButton } from '../../../components/route-link';

export default function ComingSoonRoute() {
  return (
    <Page name="coming-soon" title="Coming soon" maxWidth="sm">
      <Typography variant="h4" component="h1" gutterBottom>
        College football is coming
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Schedules, odds, picks and pools for every FBS conference are on their way. Until then, PA$$ covers the NFL and
        MLB.
      </Typography>
      <RouteButton to="home" variant="contained">
        Back to the home page
      </RouteButton>
    </Page>
  );
}

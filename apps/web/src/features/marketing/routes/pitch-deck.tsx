import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { POOL_DEFAULTS, syncOfferText } from '@pass/domain';
import { Page } from '../../../components/page';

const SLIDES: { title: string; points: string[] }[] = [
  {
    title: 'The problem',
    points: [
      'Bettors track their bets in spreadsheets, or not at all, and cannot say which teams or markets cost them money.',
      'Office pools run on group chats and hand-kept spreadsheets: missed deadlines, disputed scores, a host who does all the work.',
      'Odds are spread across a dozen sportsbooks; shopping a line means a dozen tabs.',
    ],
  },
  {
    title: 'PA$$',
    points: [
      'One ledger for real bets, simulated bets and picks, graded automatically the moment a game ends.',
      'Statistics by team, week, market and book, with closing line value, for bets and for pool picks alike.',
      'Odds from many sportsbooks side by side, best price highlighted, with line history.',
      `Pool Party: private pools for up to ${POOL_DEFAULTS.maxGuestsPerPool} guests with locked picks, live standings, Last Man Standing and a chat room.`,
    ],
  },
  {
    title: 'Who it is for',
    points: [
      'Members who bet or pick for fun and want to know how they really do.',
      'Lifeguards who host the office pool and want it to run itself.',
      'Guests who make their weekly picks on a phone.',
    ],
  },
  {
    title: 'Business model',
    points: [
      'Free to join, no credit card: tracking, schedules, odds and pools.',
      `PA$$ Sync: import bets from linked sportsbooks automatically. ${syncOfferText('regular')}`,
      'Never a wager: PA$$ takes no bets and holds no stakes.',
    ],
  },
  {
    title: 'Why now',
    points: [
      'Legal sports betting keeps spreading state by state, and with it the number of people holding accounts at several books.',
      'Office pools are as old as the NFL; the tools for them are not much younger.',
    ],
  },
];

/** The pitch deck: one slide per section, readable on a phone. */
export default function PitchDeckRoute() {
  return (
    <Page name="pitch-deck" title="Pitch deck" maxWidth="md">
      <Typography variant="h3" component="h1" gutterBottom>
        PA$$
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4, fontWeight: 400 }}>
        Picks, odds and office pools: the tracker that also runs your pool.
      </Typography>
      <Stack spacing={3}>
        {SLIDES.map((slide, index) => (
          <Paper
            key={slide.title}
            component="section"
            variant="outlined"
            sx={{ p: { xs: 2.5, md: 4 } }}
            aria-label={slide.title}
          >
            <Typography variant="overline" color="text.secondary">
              {index + 1} / {SLIDES.length}
            </Typography>
            <Typography variant="h5" component="h2" gutterBottom color="primary.dark">
              {slide.title}
            </Typography>
            <Box component="ul" sx={{ pl: 2.5, m: 0 }}>
              {slide.points.map((point) => (
                <Typography key={point} component="li" sx={{ mb: 1 }}>
                  {point}
                </Typography>
              ))}
            </Box>
          </Paper>
        ))}
      </Stack>
    </Page>
  );
}

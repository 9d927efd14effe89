import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AlmanacRecord, AlmanacResponse } from '@pass/contracts';
import { StackedRows } from '../../../components/stacked-rows';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { dollars } from '../../../lib/money';
import { spreadRecordText } from '../../../lib/sport-words';
import { SPORT_INFO } from '../lib/sports';

/** Points, signed: +15, -5. */
export function formatReward(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** A bet's reward: the API's cents as signed dollars, +$40.50. */
const formatMoney = (cents: number) => dollars(cents, { signed: true });

const rewardColor = (value: number) => (value > 0 ? 'success.dark' : value < 0 ? 'error.main' : 'text.primary');

export const suText = (record: AlmanacRecord) =>
  `${record.straight_up.wins}-${record.straight_up.losses}${record.straight_up.ties ? `-${record.straight_up.ties}` : ''}`;
export const atsText = (record: AlmanacRecord) =>
  `${record.ats.wins}-${record.ats.losses}${record.ats.pushes ? `-${record.ats.pushes}` : ''}`;
export const ouText = (record: AlmanacRecord) =>
  `${record.over_under.overs}-${record.over_under.unders}${record.over_under.pushes ? `-${record.over_under.pushes}` : ''}`;

/** The team's straight-up, against-the-spread and over/under records, and the reward of backing or fading it. */
export function AlmanacSummary({ almanac }: { almanac: AlmanacResponse }) {
  const { totals } = almanac;
  const { words } = SPORT_INFO[almanac.sport];
  const rows: { label: string; record: string; detail: string }[] = [
    { label: 'Straight up', record: suText(totals), detail: words.ties ? 'W-L(-T)' : 'W-L' },
    { label: spreadRecordText(words), record: atsText(totals), detail: 'W-L(-P) at the closing line' },
    { label: 'Over/under', record: ouText(totals), detail: 'Over-Under(-P)' },
  ];
  const points = (value: number) => `${formatReward(value)} pts`;
  const rewards: { label: string; value: number; text: string }[] = [
    { label: `Pick on (${words.spreadRecord})`, value: totals.reward.pick_on, text: points(totals.reward.pick_on) },
    {
      label: `Pick against (${words.spreadRecord})`,
      value: totals.reward.pick_against,
      text: points(totals.reward.pick_against),
    },
    { label: 'Bet on (moneyline)', value: totals.reward.bet_on, text: formatMoney(totals.reward.bet_on) },
    {
      label: 'Bet against (moneyline)',
      value: totals.reward.bet_against,
      text: formatMoney(totals.reward.bet_against),
    },
  ];
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Records">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Record ({totals.games} games)
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                Result
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.label}>
                <TableCell component="th" scope="row">
                  {row.label}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {row.detail}
                  </Typography>
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, whiteSpace: 'nowrap' }}
                >
                  {row.record}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TableContainer sx={{ mt: 2 }}>
        <Table size="small" aria-label="Reward of backing or fading every game">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Backing or fading every game
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                Reward
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rewards.map((row) => (
              <TableRow key={row.label}>
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                <TableCell
                  align="right"
                  // A figure never breaks at its minus sign or hyphen: the label beside it wraps instead.
                  sx={{
                    fontVariantNumeric: 'tabular-nums',
                    fontWeight: 600,
                    whiteSpace: 'nowrap',
                    color: rewardColor(row.value),
                  }}
                >
                  {row.text}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        Picks score +5 / −5 against the closing {words.spread.toLowerCase()}; bets are{' '}
        {dollars(almanac.bet_stake_cents)} on the closing moneyline.
      </Typography>
    </>
  );
}

/** Season by season, for a team's whole history. */
export function AlmanacSeasons({ almanac }: { almanac: AlmanacResponse }) {
  const phone = usePhoneLayout();
  const { words } = SPORT_INFO[almanac.sport];
  const seasons = [...almanac.seasons].sort((a, b) => b.season - a.season);
  if (phone) {
    return (
      <StackedRows
        label="Season by season"
        minFieldWidth="3rem"
        rows={seasons.map((season) => ({
          key: season.season,
          title: season.season,
          aside: `${season.games} games`,
          fields: [
            { label: 'SU', value: suText(season) },
            { label: words.spreadRecord, value: atsText(season) },
            { label: 'O/U', value: ouText(season) },
            {
              label: 'Pick on',
              value: (
                <Box component="span" sx={{ color: rewardColor(season.reward.pick_on) }}>
                  {formatReward(season.reward.pick_on)}
                </Box>
              ),
            },
            {
              label: 'Bet on',
              value: (
                <Box component="span" sx={{ color: rewardColor(season.reward.bet_on) }}>
                  {formatMoney(season.reward.bet_on)}
                </Box>
              ),
            },
          ],
        }))}
      />
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Season by season" sx={{ '& th, & td': { px: { xs: 0.75, lg: 1 } } }}>
        <TableHead>
          <TableRow>
            {['Season', 'Games', 'SU', words.spreadRecord, 'O/U', 'Pick on', 'Bet on'].map((label) => (
              <TableCell key={label} component="th" scope="col" align={label === 'Season' ? 'left' : 'right'}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {seasons.map((season) => (
            <TableRow key={season.season}>
              <TableCell component="th" scope="row">
                {season.season}
              </TableCell>
              <TableCell align="right">{season.games}</TableCell>
              <TableCell align="right">{suText(season)}</TableCell>
              <TableCell align="right">{atsText(season)}</TableCell>
              <TableCell align="right">{ouText(season)}</TableCell>
              <TableCell align="right" sx={{ color: rewardColor(season.reward.pick_on) }}>
                {formatReward(season.reward.pick_on)}
              </TableCell>
              <TableCell align="right" sx={{ color: rewardColor(season.reward.bet_on) }}>
                {formatMoney(season.reward.bet_on)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

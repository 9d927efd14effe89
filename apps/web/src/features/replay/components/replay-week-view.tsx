import type { ReplayEntry, ReplayGame, ReplayWeek } from '@pass/contracts';
import { BetKind } from '@pass/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { americanPrice, gameText, isBet, line, signedNumber } from '../../../lib/bet-format';
import { dollars } from '../../../lib/money';
import { entryHeadline, resultText, scoreText } from '../lib/replay';

const OUTCOME_COLOR = { win: 'success', loss: 'error', push: 'default', void: 'default' } as const;

function kickoffText(game: ReplayGame): string {
  const date = new Date(game.kickoff ?? `${game.game_date}T12:00:00Z`);
  return date.toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'America/New_York',
  });
}

function closingText(entry: ReplayEntry): string | null {
  if (entry.clv === null) return null;
  if (entry.bet_kind === BetKind.moneyline) {
    return `Closed at ${americanPrice(entry.closing_price)} · CLV ${signedNumber(entry.clv * 100, 1)}%`;
  }
  return `Closed at ${line(entry.closing_line)} · CLV ${signedNumber(entry.clv, 1)} pts`;
}

function EntryLine({ entry }: { entry: ReplayEntry }) {
  const bet = isBet(entry.bet_mode);
  const closing = closingText(entry);
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', py: 0.5 }}>
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography variant="body2">
          <strong>{bet ? `Bet ${dollars(entry.stake_cents)}` : 'Pick'}:</strong> {entryHeadline(entry)}
          {bet ? '' : ' against the spread'}
        </Typography>
        {closing && (
          <Typography variant="caption" color="text.secondary">
            {closing}
          </Typography>
        )}
      </Box>
      <Chip
        size="small"
        label={resultText(entry)}
        color={entry.outcome ? OUTCOME_COLOR[entry.outcome] : 'default'}
        variant={entry.outcome === 'win' ? 'filled' : 'outlined'}
        data-outcome={entry.outcome ?? 'open'}
      />
    </Box>
  );
}

/** One week of the replay: each game picked, its final score and its entries with their grades. */
export function ReplayWeekView({ week, onTry }: { week: ReplayWeek; onTry?: (game: ReplayGame) => void }) {
  if (week.games.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        No home underdog this week (or none at a home ground): the strategy sits it out.
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={`${week.label} picks`}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
    >
      {week.games.map((game) => {
        const score = scoreText(game);
        return (
          <Paper component="li" key={game.event_id} variant="outlined" sx={{ p: 2 }} data-game={game.event_id}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                {gameText(game)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {kickoffText(game)}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {score ? `Final: ${score}` : 'Not played yet'}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {week.entries
                .filter((entry) => entry.event_id === game.event_id)
                .map((entry, index) => (
                  <EntryLine key={index} entry={entry} />
                ))}
            </Box>
            {onTry && (
              <Button size="small" sx={{ mt: 1 }} onClick={() => onTry(game)}>
                Try your own pick on this game
              </Button>
            )}
          </Paper>
        );
      })}
    </Box>
  );
}

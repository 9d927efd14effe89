import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CreatePoolBody, PoolDetail, SportKey } from '@pass/contracts';
import {
  lastPoolWeek,
  MAX_DROP_WORST_WEEKS,
  MAX_SURVIVOR_STRIKES,
  POOL_DEFAULTS,
  validatePoolSettings,
  type DefaultPicks,
} from '@pass/domain';
import { useState, type FormEvent } from 'react';
import { serverProblems } from '../../../lib/field-errors';
import { useCreatePool } from '../api/pools';
import { defaultStartWeek, poolPageRoute, SPORT_NAMES } from '../lib/pool-text';
import { RouteButton } from '../../../components/route-link';
import { POOL_ICONS, PoolIcon } from '../../../components/pool-icon';

/** The form's fields, named as the API's body fields so the server's 400 lands under the right one. */
const FIELDS = [
  'name',
  'icon',
  'icon_color',
  'icon_background',
  'games_per_week',
  'win_basis',
  'double_play',
  'triple_play',
  'last_man_standing',
  'confidence',
  'survivor_strikes',
  'survivor_buy_back_week',
  'drop_worst_weeks',
  'default_picks',
  'start_week',
  'season',
  'sport',
] as const;
type Field = (typeof FIELDS)[number];

/** The rules' camelCase field names (packages/domain) to the API's. */
const API_FIELD: Record<string, Field> = {
  name: 'name',
  icon: 'icon',
  iconColor: 'icon_color',
  iconBackground: 'icon_background',
  gamesPerWeek: 'games_per_week',
  winBasis: 'win_basis',
  doublePlay: 'double_play',
  triplePlay: 'triple_play',
  lastManStanding: 'last_man_standing',
  confidence: 'confidence',
  survivorStrikes: 'survivor_strikes',
  survivorBuyBackWeek: 'survivor_buy_back_week',
  dropWorstWeeks: 'drop_worst_weeks',
  defaultPicks: 'default_picks',
  startWeek: 'start_week',
  season: 'season',
  sport: 'sport',
};

/** The settings' problems as the server's rules see them, by API field: checked before sending. */
export function settingsProblems(body: CreatePoolBody): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  for (const problem of validatePoolSettings({
    name: body.name,
    icon: body.icon,
    iconColor: body.icon_color,
    iconBackground: body.icon_background,
    sport: body.sport,
    season: body.season,
    gamesPerWeek: body.games_per_week,
    winBasis: body.win_basis,
    doublePlay: body.double_play,
    triplePlay: body.triple_play,
    lastManStanding: body.last_man_standing,
    confidence: body.confidence === true,
    survivorStrikes: body.survivor_strikes ?? 0,
    survivorBuyBackWeek: body.survivor_buy_back_week ?? null,
    dropWorstWeeks: body.drop_worst_weeks ?? 0,
    defaultPicks: body.default_picks ?? 'none',
    startWeek: body.start_week,
  })) {
    const field = API_FIELD[problem.field];
    if (field) problems[field] ??= problem.message;
  }
  return problems;
}

interface CreatePoolFormProps {
  sport: SportKey;
  season: number;
  /** The server's time now (lib/server-clock.ts): the week under way is the default start week. */
  now: Date;
  onCreated?: (pool: PoolDetail) => void;
  /** The form's heading level: h2 on its own, h3 inside a section. */
  headingComponent?: 'h2' | 'h3';
}

/** Every setting of a new pool; the member becomes its Lifeguard. */
export function CreatePoolForm({ sport, season, now, onCreated, headingComponent = 'h2' }: CreatePoolFormProps) {
  const create = useCreatePool();
  const lastWeek = lastPoolWeek(sport, season);
  const [name, setName] = useState('');
  const [icon, setIcon] = useState('wave');
  const [iconColor, setIconColor] = useState('#ffffff');
  const [iconBackground, setIconBackground] = useState('#0277bd');
  const [gamesPerWeek, setGamesPerWeek] = useState<string>(String(Math.min(10, POOL_DEFAULTS.maxGamesPerWeek)));
  const [winBasis, setWinBasis] = useState<'ats' | 'straight'>('ats');
  const [doublePlay, setDoublePlay] = useState(true);
  const [triplePlay, setTriplePlay] = useState(false);
  const [lastManStanding, setLastManStanding] = useState(false);
  const [confidence, setConfidence] = useState(false);
  const [survivorStrikes, setSurvivorStrikes] = useState(0);
  const [buyBackWeek, setBuyBackWeek] = useState<number | null>(null);
  const [dropWorstWeeks, setDropWorstWeeks] = useState(0);
  const [defaultPicks, setDefaultPicks] = useState<DefaultPicks>('none');
  const [startWeek, setStartWeek] = useState(() => defaultStartWeek(sport, season, now));
  const [checked, setChecked] = useState<Partial<Record<Field, string>>>({});
  const [created, setCreated] = useState<PoolDetail | null>(null);

  const body: CreatePoolBody = {
    name: name.trim(),
    icon,
    icon_color: iconColor,
    icon_background: iconBackground,
    sport,
    season,
    start_week: startWeek,
    games_per_week: gamesPerWeek.trim() === '' ? Number.NaN : Number(gamesPerWeek),
    win_basis: winBasis,
    double_play: doublePlay,
    triple_play: triplePlay,
    last_man_standing: lastManStanding,
    confidence,
    // Strikes and the buy-back are Last Man Standing rules: without it they are off.
    survivor_strikes: lastManStanding ? survivorStrikes : 0,
    survivor_buy_back_week: lastManStanding ? buyBackWeek : null,
    drop_worst_weeks: dropWorstWeeks,
    default_picks: defaultPicks,
  };
  const server = serverProblems(create.error, FIELDS);
  const problem = (field: Field) => checked[field] ?? server.fields[field];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = settingsProblems(body);
    setChecked(problems);
    if (Object.keys(problems).length > 0) return;
    create.mutate(body, {
      onSuccess: ({ data }) => {
        setCreated(data);
        setName('');
        onCreated?.(data);
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="create-pool-heading">
      <Typography id="create-pool-heading" variant="h5" component={headingComponent} gutterBottom>
        Create a pool
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {SPORT_NAMES[sport]} {season}. You will be its Lifeguard: you pick the games and invite the guests.
      </Typography>
      <Stack spacing={2.5}>
        <TextField
          label="Pool name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(problem('name'))}
          helperText={problem('name') ?? `At most ${POOL_DEFAULTS.maxNameLength} characters`}
          slotProps={{ htmlInput: { maxLength: POOL_DEFAULTS.maxNameLength + 20 } }}
          required
          fullWidth
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <PoolIcon pool={{ icon, icon_color: iconColor, icon_background: iconBackground }} size={56} />
          <TextField
            select
            label="Icon"
            value={icon}
            onChange={(event) => setIcon(event.target.value)}
            error={Boolean(problem('icon'))}
            helperText={problem('icon')}
            sx={{ minWidth: 160 }}
          >
            {Object.entries(POOL_ICONS).map(([key, { glyph, label }]) => (
              <MenuItem key={key} value={key}>
                {glyph} {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="color"
            label="Icon colour"
            value={iconColor}
            onChange={(event) => setIconColor(event.target.value)}
            error={Boolean(problem('icon_color'))}
            helperText={problem('icon_color')}
            sx={{ minWidth: 120 }}
          />
          <TextField
            type="color"
            label="Background"
            value={iconBackground}
            onChange={(event) => setIconBackground(event.target.value)}
            error={Boolean(problem('icon_background'))}
            helperText={problem('icon_background')}
            sx={{ minWidth: 120 }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="number"
            label="Games per week"
            value={gamesPerWeek}
            onChange={(event) => setGamesPerWeek(event.target.value)}
            error={Boolean(problem('games_per_week'))}
            helperText={
              problem('games_per_week') ?? `${POOL_DEFAULTS.minGamesPerWeek} to ${POOL_DEFAULTS.maxGamesPerWeek}`
            }
            slotProps={{ htmlInput: { min: POOL_DEFAULTS.minGamesPerWeek, max: POOL_DEFAULTS.maxGamesPerWeek } }}
            sx={{ minWidth: 160 }}
          />
          <TextField
            select
            label="Start week"
            value={startWeek}
            onChange={(event) => setStartWeek(Number(event.target.value))}
            error={Boolean(problem('start_week'))}
            helperText={problem('start_week') ?? 'The first week of picks'}
            sx={{ minWidth: 160 }}
          >
            {Array.from({ length: lastWeek }, (_unused, index) => index + 1).map((week) => (
              <MenuItem key={week} value={week}>
                Week {week}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <FormControl error={Boolean(problem('win_basis'))}>
          <FormLabel id="win-basis-label">Win basis</FormLabel>
          <RadioGroup
            aria-labelledby="win-basis-label"
            row
            value={winBasis}
            onChange={(event) => setWinBasis(event.target.value === 'straight' ? 'straight' : 'ats')}
          >
            <FormControlLabel value="ats" control={<Radio />} label="Against the spread" />
            <FormControlLabel value="straight" control={<Radio />} label="$ Line (straight up)" />
          </RadioGroup>
          {problem('win_basis') ? <FormHelperText>{problem('win_basis')}</FormHelperText> : null}
        </FormControl>
        <Stack>
          <FormControlLabel
            control={
              <Switch
                checked={confidence}
                onChange={(event) => {
                  setConfidence(event.target.checked);
                  // Confidence points weigh each pick: a confidence pool plays without double and triple plays.
                  if (event.target.checked) {
                    setDoublePlay(false);
                    setTriplePlay(false);
                  }
                }}
              />
            }
            label="Confidence points (rank the week's picks 1 to N; a win scores its number)"
          />
          <FormControlLabel
            control={<Switch checked={doublePlay} onChange={(event) => setDoublePlay(event.target.checked)} />}
            disabled={confidence}
            label="Double play (one pick a week counts twice)"
          />
          {problem('double_play') ? <FormHelperText error>{problem('double_play')}</FormHelperText> : null}
          <FormControlLabel
            control={<Switch checked={triplePlay} onChange={(event) => setTriplePlay(event.target.checked)} />}
            disabled={confidence}
            label="Triple play (one pick a week counts three times)"
          />
          {problem('triple_play') ? <FormHelperText error>{problem('triple_play')}</FormHelperText> : null}
          <FormControlLabel
            control={
              <Switch checked={lastManStanding} onChange={(event) => setLastManStanding(event.target.checked)} />
            }
            label="Last Man Standing"
          />
          {lastManStanding ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pl: { sm: 6 }, pt: 1 }}>
              <TextField
                select
                label="Strikes"
                value={survivorStrikes}
                onChange={(event) => setSurvivorStrikes(Number(event.target.value))}
                error={Boolean(problem('survivor_strikes'))}
                helperText={problem('survivor_strikes') ?? 'Losses, pushes or missed weeks a survivor may take'}
                sx={{ minWidth: 200 }}
              >
                {Array.from({ length: MAX_SURVIVOR_STRIKES + 1 }, (_, count) => (
                  <MenuItem key={count} value={count}>
                    {count === 0
                      ? 'None: out at the first'
                      : `${count}: out at the ${count + 1}${count === 1 ? 'nd' : count === 2 ? 'rd' : 'th'}`}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label="Buy-back"
                value={buyBackWeek === null ? '' : String(buyBackWeek)}
                onChange={(event) => setBuyBackWeek(event.target.value === '' ? null : Number(event.target.value))}
                error={Boolean(problem('survivor_buy_back_week'))}
                helperText={
                  problem('survivor_buy_back_week') ?? 'Out by this week: one way back, by picking the next week'
                }
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                sx={{ minWidth: 200 }}
              >
                <MenuItem value="">No buy-back</MenuItem>
                {Array.from({ length: Math.max(0, lastWeek - startWeek) }, (_, index) => startWeek + index).map(
                  (week) => (
                    <MenuItem key={week} value={String(week)}>
                      Through week {week}
                    </MenuItem>
                  ),
                )}
              </TextField>
            </Stack>
          ) : null}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label="Worst weeks dropped"
            value={dropWorstWeeks}
            onChange={(event) => setDropWorstWeeks(Number(event.target.value))}
            error={Boolean(problem('drop_worst_weeks'))}
            helperText={problem('drop_worst_weeks') ?? "Each member's lowest complete weeks leave their total"}
            sx={{ minWidth: 200 }}
          >
            {Array.from({ length: MAX_DROP_WORST_WEEKS + 1 }, (_unused, count) => (
              <MenuItem key={count} value={count}>
                {count === 0 ? 'None: every week counts' : count === 1 ? 'The worst week' : `The worst ${count} weeks`}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Default picks"
            value={defaultPicks}
            onChange={(event) => setDefaultPicks(event.target.value as DefaultPicks)}
            error={Boolean(problem('default_picks'))}
            helperText={problem('default_picks') ?? 'A game left unpicked when it locks'}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="none">None: a missed pick</MenuItem>
            <MenuItem value="favourites">The favourite</MenuItem>
            <MenuItem value="home">The home team</MenuItem>
          </TextField>
        </Stack>
        {server.general ? <Alert severity="error">{server.general}</Alert> : null}
        {problem('season') || problem('sport') ? (
          <Alert severity="error">{problem('season') ?? problem('sport')}</Alert>
        ) : null}
        {created && !create.isPending ? (
          <Alert
            severity="success"
            action={
              <RouteButton
                to={poolPageRoute(created.sport)}
                params={{ id: created.id }}
                search="?tab=members"
                color="inherit"
                size="small"
              >
                Invite guests
              </RouteButton>
            }
          >
            “{created.name}” is ready: invite your guests now, the whole list at once.
          </Alert>
        ) : null}
        <Box>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create pool'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

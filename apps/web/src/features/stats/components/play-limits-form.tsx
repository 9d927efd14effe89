import type { PlayLimitsStatus, UpdatePlayLimitsBody } from '@pass/contracts';
import { centsOfDollarDigits, centsToDollarsText, PLAY_LIMIT_BOUNDS } from '@pass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Loading } from '../../../components/loading';
import { serverProblems } from '../../../lib/field-errors';
import { dollars } from '../../../lib/money';
import { usePlayLimits, useUpdatePlayLimits } from '../api/play-limits';
import { HelpResources } from './play-limits-card';

type LimitField = 'monthly_budget_cents' | 'loss_streak_alert';
const FIELDS: readonly LimitField[] = ['monthly_budget_cents', 'loss_streak_alert'];
const SUBJECT: Record<LimitField, string> = {
  monthly_budget_cents: 'The budget',
  loss_streak_alert: 'The loss streak alert',
};
const { monthlyBudgetCents: BUDGET, lossStreakAlert: STREAK } = PLAY_LIMIT_BOUNDS;

interface Values {
  budget: string;
  streak: string;
}

const valuesOf = (status: PlayLimitsStatus): Values => ({
  budget: status.limits.monthly_budget_cents === null ? '' : centsToDollarsText(status.limits.monthly_budget_cents),
  streak: status.limits.loss_streak_alert === null ? '' : String(status.limits.loss_streak_alert),
});

/** The form's text as the request, or a message per field that cannot be sent. Empty clears a limit. */
export function limitsFromValues(values: Values): {
  body?: UpdatePlayLimitsBody;
  problems: Partial<Record<LimitField, string>>;
} {
  const problems: Partial<Record<LimitField, string>> = {};
  let budget: number | null = null;
  const budgetText = values.budget.trim().replace(/^\$/, '').replace(/,/g, '');
  if (budgetText !== '') {
    const amount = /^(\d+)(?:\.(\d{1,2}))?$/.exec(budgetText);
    if (!amount) problems.monthly_budget_cents = 'Enter an amount in dollars, such as 200';
    else {
      budget = centsOfDollarDigits(amount[1]!, amount[2]);
      if (budget < BUDGET.min) problems.monthly_budget_cents = `The budget must be at least ${dollars(BUDGET.min)}`;
      else if (budget > BUDGET.max) problems.monthly_budget_cents = `The budget must be at most ${dollars(BUDGET.max)}`;
    }
  }
  let streak: number | null = null;
  const streakText = values.streak.trim();
  if (streakText !== '') {
    streak = Number(streakText);
    if (!/^\d+$/.test(streakText) || streak < STREAK.min || streak > STREAK.max)
      problems.loss_streak_alert = `Enter a whole number from ${STREAK.min} to ${STREAK.max}`;
  }
  if (Object.keys(problems).length > 0) return { problems };
  return { body: { monthly_budget_cents: budget, loss_streak_alert: streak }, problems };
}

function LimitsForm({ status }: { status: PlayLimitsStatus }) {
  const update = useUpdatePlayLimits();
  const [values, setValues] = useState<Values>(() => valuesOf(status));
  const [problems, setProblems] = useState<Partial<Record<LimitField, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saved, setSaved] = useState<'saved' | 'removed' | null>(null);

  const send = (body: UpdatePlayLimitsBody) => {
    setGeneral(null);
    update.mutate(body, {
      onSuccess: (answer) => {
        setValues(valuesOf(answer.data));
        setSaved(body.monthly_budget_cents === null && body.loss_streak_alert === null ? 'removed' : 'saved');
      },
      onError: (error) => {
        const found = serverProblems(error, FIELDS);
        setProblems(
          Object.fromEntries(
            Object.entries(found.fields).map(([field, reason]) => [field, `${SUBJECT[field as LimitField]} ${reason}`]),
          ),
        );
        setGeneral(found.general);
      },
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const { body, problems: found } = limitsFromValues(values);
    setProblems(found);
    if (body) send(body);
  };
  const removeBoth = () => {
    setSaved(null);
    setProblems({});
    send({ monthly_budget_cents: null, loss_streak_alert: null });
  };
  const change = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((before) => ({ ...before, [field]: event.target.value }));
    setSaved(null);
  };
  const anyLimit = status.limits.monthly_budget_cents !== null || status.limits.loss_streak_alert !== null;

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <TextField
        label="Monthly budget"
        inputMode="decimal"
        autoComplete="off"
        fullWidth
        value={values.budget}
        onChange={change('budget')}
        error={problems.monthly_budget_cents !== undefined}
        helperText={
          problems.monthly_budget_cents ??
          'Real money you mean to stake in a calendar month (US Eastern time). Leave empty for no budget.'
        }
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          htmlInput: { inputMode: 'decimal' },
        }}
      />
      <TextField
        label="Loss streak alert"
        autoComplete="off"
        fullWidth
        value={values.streak}
        onChange={change('streak')}
        error={problems.loss_streak_alert !== undefined}
        helperText={
          problems.loss_streak_alert ??
          `Real-money losses in a row (${STREAK.min} to ${STREAK.max}) that bring a reminder. Leave empty for no alert.`
        }
        slotProps={{
          input: { endAdornment: <InputAdornment position="end">losses</InputAdornment> },
          htmlInput: { inputMode: 'numeric' },
        }}
      />
      {general ? <Alert severity="error">{general}</Alert> : null}
      {saved ? (
        <Alert severity="success" role="status">
          {saved === 'removed' ? 'Your limits have been removed.' : 'Your limits have been saved.'}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save limits'}
        </Button>
        {anyLimit ? (
          <Button type="button" variant="outlined" onClick={removeBoth} disabled={update.isPending}>
            Remove both limits
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}

/**
 * The profile's responsible-play section: the member's own monthly budget and loss-streak alert, where
 * they stand this month, and where to find help. Reaching a limit only brings a notice on the stats screen.
 */
export function PlayLimitsSection() {
  const { data, isPending, isError } = usePlayLimits();
  if (isPending) return <Loading label="Loading your limits…" />;
  if (isError || !data)
    return <Alert severity="error">Your limits could not be loaded. Reload the page to try again.</Alert>;
  const status = data.data;
  return (
    <>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Set limits of your own on real money. When you reach one, My stats shows a calm reminder; nothing is ever
        blocked. This month so far: {dollars(status.month_staked_cents)} staked, and{' '}
        {status.loss_streak === 1 ? '1 loss' : `${status.loss_streak} losses`} in a row.
      </Typography>
      <LimitsForm status={status} />
      <HelpResources />
    </>
  );
}

import TextField from '@mui/material/TextField';
import type { SeasonWeek } from '@pass/contracts';
import { formatDay } from '../lib/format';
import { dateSpanText } from '../lib/weeks';

interface WeekSelectorProps {
  weeks: readonly SeasonWeek[];
  value: number | undefined;
  onChange: (week: number) => void;
  disabled?: boolean;
  /**
   * How the sport walks its season (lib/sports.ts): football by named weeks with their dates, baseball by the
   * dates alone ("Jun 3 – 9"), since it plays every day and its week numbers mean nothing to a fan.
   */
  period?: 'Week' | 'Dates';
}

/** The weeks of a season, with their dates (a native select: the phone's own picker). */
export function WeekSelector({ weeks, value, onChange, disabled = false, period = 'Week' }: WeekSelectorProps) {
  const known = value !== undefined && weeks.some((week) => week.number === value);
  const dates = period === 'Dates';
  return (
    <TextField
      select
      id="week-selector"
      label={dates ? 'Dates' : 'Week'}
      size="small"
      value={known ? String(value) : ''}
      onChange={(event) => onChange(Number(event.target.value))}
      disabled={disabled || weeks.length === 0}
      sx={{ minWidth: { xs: '100%', sm: 240 } }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {known ? null : <option value="">{dates ? 'Choose dates' : 'Choose a week'}</option>}
      {weeks.map((week) => (
        <option key={week.number} value={String(week.number)}>
          {dates
            ? dateSpanText(week.start, week.end)
            : `${week.label} · ${formatDay(week.start)} – ${formatDay(week.end)}`}
        </option>
      ))}
    </TextField>
  );
}

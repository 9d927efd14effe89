import TextField from '@mui/material/TextField';
import type { SeasonWeek } from '@pass/contracts';
import { formatDay } from '../lib/format';

interface WeekSelectorProps {
  weeks: readonly SeasonWeek[];
  value: number | undefined;
  onChange: (week: number) => void;
  disabled?: boolean;
}

/** The weeks of a season, with their dates (a native select: the phone's own picker). */
export function WeekSelector({ weeks, value, onChange, disabled = false }: WeekSelectorProps) {
  const known = value !== undefined && weeks.some((week) => week.number === value);
  return (
    <TextField
      select
      id="week-selector"
      label="Week"
      size="small"
      value={known ? String(value) : ''}
      onChange={(event) => onChange(Number(event.target.value))}
      disabled={disabled || weeks.length === 0}
      sx={{ minWidth: { xs: '100%', sm: 240 } }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {known ? null : <option value="">Choose a week</option>}
      {weeks.map((week) => (
        <option key={week.number} value={String(week.number)}>
          {week.label} · {formatDay(week.start)} – {formatDay(week.end)}
        </option>
      ))}
    </TextField>
  );
}

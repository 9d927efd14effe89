import TextField from '@mui/material/TextField';
import type { SportTeam } from '@pass/contracts';

interface TeamSelectProps {
  id: string;
  label: string;
  teams: readonly SportTeam[];
  value: string;
  onChange: (team: string) => void;
  /** The label of the empty choice. */
  anyLabel?: string;
}

/** A team by abbreviation, teams sorted by name (a native select). */
export function TeamSelect({ id, label, teams, value, onChange, anyLabel = 'Any team' }: TeamSelectProps) {
  const sorted = [...teams].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <TextField
      select
      id={id}
      label={label}
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: { xs: 0, sm: 200 }, flex: { xs: 1, sm: 'initial' } }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{anyLabel}</option>
      {sorted.map((team) => (
        <option key={team.abbv} value={team.abbv}>
          {team.name}
        </option>
      ))}
    </TextField>
  );
}

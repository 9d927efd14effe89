import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, type ReactNode } from 'react';
import type { BetMoney } from '../lib/bet-mode';

/**
 * "Real money or simulated?" as a radio group (Tab reaches it, the arrows move the choice, a screen reader
 * announces both options), the same on the slip, the bet form and the parlay form. `value` null: not chosen yet
 * (a member's first bet); the forms start from the member's last choice after that.
 */
export function BetMoneyChoice({
  value,
  onChange,
  error = false,
  helperText,
}: {
  value: BetMoney | null;
  onChange: (money: BetMoney) => void;
  error?: boolean;
  helperText?: ReactNode;
}) {
  const labelId = useId();
  return (
    <FormControl error={error}>
      <FormLabel id={labelId}>Real money or simulated?</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value as BetMoney)}
      >
        <FormControlLabel value="real" control={<Radio />} label="Real money" />
        <FormControlLabel value="simulated" control={<Radio />} label="Simulated" />
      </RadioGroup>
      {helperText ? <FormHelperText>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

import { MEMBERSHIP_TERMS } from '@pass/domain';

/** "1 free month": the trial as the pages say it, from the domain's terms. */
export function trialText(): string {
  const months = MEMBERSHIP_TERMS.trialMonths;
  return `${months} free month${months === 1 ? '' : 's'}`;
}

import type { SyncLeg } from '@pass/contracts';
import { americanPriceText } from '@pass/domain';

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/** A leg as the book gave it: "Milwaukee Brewers @ New York Yankees: New York Yankees −150". */
export function syncLegText(leg: SyncLeg): string {
  const line = leg.line === undefined ? '' : leg.market === 'spread' ? ` ${signed(leg.line)}` : ` ${String(leg.line)}`;
  return `${leg.event}: ${leg.selection}${line} ${americanPriceText(leg.price)}`;
}

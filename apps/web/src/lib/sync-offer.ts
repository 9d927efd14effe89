import { priceTierAt, syncOfferText } from '@pass/domain';
import { useQuery } from '@tanstack/react-query';
import { serverClockQuery } from './server-clock';

/**
 * The sync offer as every screen tells it (the domain's syncOfferText), at the price tier on sale by the server's
 * clock when a screen has already asked it, else the device's: the tier changes once a year (October 1), so the
 * offer never asks the server for it on its own.
 */
export function useSyncOfferText(): string {
  const known = useQuery({ ...serverClockQuery, enabled: false }).data;
  return syncOfferText(priceTierAt(known ? new Date(known) : new Date()));
}

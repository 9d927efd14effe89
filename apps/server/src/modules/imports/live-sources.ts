import type { Config } from '../../env.js';
import type { PolledSource } from './source-polls.service.js';

/**
 * The live sources the scheduler polls and the admin sees (docs/decisions/067): each free source for each
 * sport it covers, with how often it is polled while that sport's games are played.
 */
export function createLiveSources(
  _config: Pick<Config, 'outbound'>,
  _log: (message: string) => void = () => {},
  /** The first run's: a source that does not answer within a few seconds is left for the scheduler. */
  _options: { timeoutMs?: number; attempts?: number } = {},
): PolledSource[] {
  return [];
}

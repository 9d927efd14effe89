import type { LegalDocumentSlug, LegalTextResponse } from '@pass/contracts';
import type { DbExecutor } from '@pass/db';
import { DEFAULT_POOL_LIMITS, generalPoolRules, POOL_DEFAULTS, ruleSectionsHtml } from '@pass/domain';
import { AppError } from '../../errors.js';
import * as legalRepository from './legal.repository.js';

export interface LegalSettings {
  poolMaxPerLifeguard: number;
}

/** The values the stored texts may name as `{{NAME}}`: the limits the server enforces, never copies of them. */
export function legalPlaceholders(settings: LegalSettings): Record<string, string> {
  return {
    POOL_MAX_PER_LIFEGUARD: String(settings.poolMaxPerLifeguard),
    POOL_MAX_GUESTS: String(POOL_DEFAULTS.maxGuestsPerPool),
    POOL_MAX_INVITATIONS: String(POOL_DEFAULTS.maxInvitationsPerGuest),
    POOL_MAX_INVITATIONS_PER_HOUR: String(POOL_DEFAULTS.maxInvitationsPerHour),
    POOL_MAX_INVITATIONS_PER_DAY: String(POOL_DEFAULTS.maxInvitationsPerDay),
    POINTS_PER_GAME: String(POOL_DEFAULTS.pointsPerGame),
    DOUBLE_PLAY_POINTS: String(POOL_DEFAULTS.doublePlayPoints),
    TRIPLE_PLAY_POINTS: String(POOL_DEFAULTS.triplePlayPoints),
  };
}

/** Fills `{{NAME}}` placeholders; an unknown name is left visible so a typo in a text is noticed, not hidden. */
export function fillPlaceholders(html: string, values: Record<string, string>): string {
  return html.replace(/\{\{([A-Z_]+)\}\}/g, (match, name: string) => values[name] ?? match);
}

/**
 * The Pool Party rules are written by the domain's rule texts with the limits this server enforces, never
 * stored, so they cannot drift from the rules (the stored row gives the title and the date only).
 */
export function poolRulesHtml(settings: LegalSettings): string {
  return ruleSectionsHtml(
    generalPoolRules({ ...DEFAULT_POOL_LIMITS, maxPoolsPerLifeguard: settings.poolMaxPerLifeguard }),
  );
}

export async function getLegalText(
  db: DbExecutor,
  slug: LegalDocumentSlug,
  settings: LegalSettings,
): Promise<LegalTextResponse> {
  const document = await legalRepository.getLegalDocument(db, slug);
  if (!document) throw AppError.notFound(`No ${slug} document`);
  return {
    title: document.title,
    htmlContent:
      slug === 'pool-party-rules'
        ? poolRulesHtml(settings)
        : fillPlaceholders(document.htmlContent, legalPlaceholders(settings)),
    updatedAt: document.updatedAt.toISOString(),
  };
}

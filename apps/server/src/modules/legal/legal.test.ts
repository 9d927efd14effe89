import { ErrorBody, LegalDocumentSlug, LegalTextResponse } from '@pass/contracts';
import { legalDocuments } from '@pass/db';
import { DEFAULT_POOL_LIMITS, generalPoolRules, POOL_DEFAULTS, ruleSectionsHtml } from '@pass/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { fillPlaceholders, legalPlaceholders } from './legal.service.js';

describe('fillPlaceholders', () => {
  it('fills every occurrence of a known placeholder', () => {
    expect(fillPlaceholders('<p>{{A}} and {{A}}, then {{B_C}}</p>', { A: '1', B_C: 'two' })).toBe(
      '<p>1 and 1, then two</p>',
    );
  });

  it('leaves an unknown placeholder visible', () => {
    expect(
      fillPlaceholders('up to {{POOL_MAX_PER_LIFEGUARD}} pools, {{NO_SUCH_SETTING}}', { POOL_MAX_PER_LIFEGUARD: '5' }),
    ).toBe('up to 5 pools, {{NO_SUCH_SETTING}}');
  });

  it('touches nothing that is not a placeholder', () => {
    const text = '<p>{{lower}} {{ SPACED }} {A} {{}} $& $1</p>';
    expect(fillPlaceholders(text, { lower: 'x', SPACED: 'y', A: 'z' })).toBe(text);
  });

  it('inserts values literally, even ones that look like replacement patterns', () => {
    expect(fillPlaceholders('[{{A}}]', { A: '$& $1 $$' })).toBe('[$& $1 $$]');
  });
});

describe('legalPlaceholders', () => {
  it('takes the per-Lifeguard limit from the settings and the other limits from the domain', () => {
    expect(legalPlaceholders({ poolMaxPerLifeguard: 9 })).toEqual({
      POOL_MAX_PER_LIFEGUARD: '9',
      POOL_MAX_GUESTS: String(POOL_DEFAULTS.maxGuestsPerPool),
      POOL_MAX_INVITATIONS: String(POOL_DEFAULTS.maxInvitationsPerGuest),
      POOL_MAX_INVITATIONS_PER_HOUR: String(POOL_DEFAULTS.maxInvitationsPerHour),
      POOL_MAX_INVITATIONS_PER_DAY: String(POOL_DEFAULTS.maxInvitationsPerDay),
      POINTS_PER_GAME: String(POOL_DEFAULTS.pointsPerGame),
      DOUBLE_PLAY_POINTS: String(POOL_DEFAULTS.doublePlayPoints),
      TRIPLE_PLAY_POINTS: String(POOL_DEFAULTS.triplePlayPoints),
    });
  });
});

describe('legal routes', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it.each(LegalDocumentSlug.options)('serves %s as non-empty HTML', async (slug) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/legal/${slug}` });
    expect(response.statusCode).toBe(200);
    const text = LegalTextResponse.parse(response.json());
    expect(text.htmlContent.trim().length).toBeGreaterThan(200);
    expect(text.htmlContent).toMatch(/<p>|<h2>/);
    expect(text.title.length).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(text.updatedAt))).toBe(false);
    expect(text.htmlContent).not.toContain('{{');
  });

  it('gives each document its own title', async () => {
    const titles = await Promise.all(
      LegalDocumentSlug.options.map(
        async (slug) =>
          (await testApp.app.inject({ method: 'GET', url: `/legal/${slug}` })).json<LegalTextResponse>().title,
      ),
    );
    expect(titles).toEqual(['Privacy Policy', 'Terms of Service', 'Pool Party Rules']);
  });

  it('states the default limits in the pool rules', async () => {
    const { htmlContent } = (
      await testApp.app.inject({ method: 'GET', url: '/legal/pool-party-rules' })
    ).json<LegalTextResponse>();
    expect(htmlContent).toContain(`up to ${POOL_DEFAULTS.maxPoolsPerLifeguard} active pools`);
    expect(htmlContent).toContain(`up to ${POOL_DEFAULTS.maxGuestsPerPool} guests`);
    expect(htmlContent).toContain(`at most ${POOL_DEFAULTS.maxInvitationsPerGuest} times`);
    expect(htmlContent).toContain(
      `at most ${POOL_DEFAULTS.maxInvitationsPerHour} invitations an hour and ${POOL_DEFAULTS.maxInvitationsPerDay} a day`,
    );
  });

  it('answers an unknown document with a JSON 404', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/legal/cookie-policy' });
    expect(response.statusCode).toBe(404);
    expect(ErrorBody.parse(response.json()).error.code).toBe('NOT_FOUND');
  });
});

describe('legal routes with POOL_MAX_PER_LIFEGUARD=4', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ POOL_MAX_PER_LIFEGUARD: '4' });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('states the configured limit, so text and behaviour agree', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/legal/pool-party-rules' });
    const { htmlContent } = LegalTextResponse.parse(response.json());
    expect(htmlContent).toContain('up to 4 active pools');
    expect(htmlContent).not.toContain('up to 5 active pools');
    expect(htmlContent).not.toContain('{{');
  });
});

describe('edited legal documents', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ POOL_MAX_PER_LIFEGUARD: '3' });
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  it('serves the stored text as edited, with its placeholders filled', async () => {
    const updatedAt = new Date('2024-07-01T12:34:56.000Z');
    await testApp.database.db
      .update(legalDocuments)
      .set({
        title: 'Terms (revised)',
        htmlContent: '<p>Revised: at most {{POOL_MAX_PER_LIFEGUARD}} pools; {{TYPO_SETTING}}.</p>',
        updatedAt,
      })
      .where(eq(legalDocuments.slug, 'terms-of-service'));

    const response = await testApp.app.inject({ method: 'GET', url: '/legal/terms-of-service' });
    expect(response.statusCode).toBe(200);
    expect(LegalTextResponse.parse(response.json())).toEqual({
      title: 'Terms (revised)',
      htmlContent: '<p>Revised: at most 3 pools; {{TYPO_SETTING}}.</p>',
      updatedAt: updatedAt.toISOString(),
    });
  });

  it('writes the Pool Party rules from the rule texts and the limits, whatever the stored text says', async () => {
    await testApp.database.db
      .update(legalDocuments)
      .set({ htmlContent: '<p>Up to 99 pools; a missed pick costs nothing.</p>' })
      .where(eq(legalDocuments.slug, 'pool-party-rules'));
    const response = await testApp.app.inject({ method: 'GET', url: '/legal/pool-party-rules' });
    const { htmlContent } = LegalTextResponse.parse(response.json());
    expect(htmlContent).toBe(ruleSectionsHtml(generalPoolRules({ ...DEFAULT_POOL_LIMITS, maxPoolsPerLifeguard: 3 })));
    expect(htmlContent).toContain('up to 3 active pools');
    expect(htmlContent).toContain(`scores −${POOL_DEFAULTS.pointsPerGame}, as a loss`);
  });

  it('answers 404 when a document row is missing', async () => {
    await testApp.database.db.delete(legalDocuments).where(eq(legalDocuments.slug, 'privacy-policy'));
    const response = await testApp.app.inject({ method: 'GET', url: '/legal/privacy-policy' });
    expect(response.statusCode).toBe(404);
    expect(ErrorBody.parse(response.json()).error).toMatchObject({ code: 'NOT_FOUND' });
  });
});

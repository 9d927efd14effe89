import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helpers.js';
import { badRequests, describeRun, fuzzRunFrom } from './bad-input.js';
import { answerProblems, keepSignedIn, send, signedIn, visitor, type Caller } from './callers.js';
import { changedTables, watchDb } from './db-fingerprint.js';
import { fetchOpenApi, listOperations, operationName, type Operation } from './openapi.js';
import { writeFigures, writeFindings } from './figures.js';
import { makeOpenGame, makeOtherOpenGame, requestHints } from './fixtures.js';

/**
 * Bad input for every operation of the OpenAPI document (docs/decisions/021): a new endpoint is covered
 * as soon as it is documented. Each case is sent as a visitor and as a member (and as the admin on admin
 * operations); the suite fails on any 5xx, any answer outside the documented shape, and any change to the
 * database after a refused request.
 *
 * Each run sends every case about the request as a whole, and of each field's cases a sample drawn by a new
 * seed, so that runs cover different cases (docs/decisions/056). The seed is printed, and named in a failure;
 * `SECURITY_FUZZ_SEED=<seed>` repeats a run, and `npm run test:security` (`SECURITY_FUZZ=full`) sends every case.
 */
const run = fuzzRunFrom(process.env, () => randomInt(2 ** 31));
console.log(`security suite, bad input: ${describeRun(run)}`);

// The operations are read from the built app's document before the tests are declared, one test each.
const { app, database } = await buildTestApp();
const operations = listOperations(await fetchOpenApi(app));
// A game to bet on, so that cases reach the code behind the checks of a bet's event.
const hints = requestHints(await makeOpenGame(database), await makeOtherOpenGame(database));
const callers: Record<Caller['kind'], Caller> = {
  visitor: visitor(),
  member: await signedIn(app, database.db, 'member'),
  admin: await signedIn(app, database.db, 'admin'),
};

const fingerprint = watchDb(database);
const allFindings: string[] = [];
const figures = { seed: run.seed, operations: 0, requests: 0, '5xx': 0, findings: 0, 'signed in again': 0 };
// Report at most this many findings per operation; the count says how many there were.
const SHOWN_FINDINGS = 30;

function callersFor(operation: Operation): Caller[] {
  return operation.access === 'admin'
    ? [callers.visitor, callers.member, callers.admin]
    : [callers.visitor, callers.member];
}

describe('bad input for every documented operation', () => {
  afterAll(async () => {
    writeFindings(`bad-input-${database.kind}`, allFindings);
    writeFigures(`bad-input-${database.kind}`, figures);
    await app.close();
  });

  it('reads a document with operations for each access rule', () => {
    const rules = new Set(operations.map((operation) => operation.access));
    expect([...rules].sort()).toEqual(['admin', 'member', 'public']);
  });

  for (const operation of operations) {
    it(`${operationName(operation)} answers without 5xx, in its documented shapes, and refusals change nothing`, async () => {
      const cases = badRequests(operation, hints, run);
      const findings: string[] = [];
      figures.operations += 1;
      for (const caller of callersFor(operation)) {
        if (await keepSignedIn(app, database.db, caller)) figures['signed in again'] += 1;
        let before = await fingerprint();
        for (const request of cases) {
          const response = await send(app, caller, request);
          figures.requests += 1;
          if (response.statusCode >= 500) figures['5xx'] += 1;
          for (const problem of answerProblems(operation, response, request.url)) {
            findings.push(`as ${caller.kind}, ${request.label}: ${problem}`);
          }
          const after = await fingerprint();
          const changed = response.statusCode >= 400 ? changedTables(before, after) : [];
          if (changed.length > 0) {
            findings.push(
              `as ${caller.kind}, ${request.label}: refused with ${response.statusCode} but changed ${changed.join(', ')}`,
            );
          }
          before = after;
        }
      }
      figures.findings += findings.length;
      allFindings.push(...findings.map((finding) => `${operationName(operation)} ${finding}`));
      const shown = findings.slice(0, SHOWN_FINDINGS).join('\n');
      const more = findings.length > SHOWN_FINDINGS ? `\n…and ${findings.length - SHOWN_FINDINGS} more` : '';
      const repeat = `\n(${describeRun(run)})`;
      expect(findings.length, `${findings.length} findings:\n${shown}${more}${repeat}`).toBe(0);
    });
  }

  it('answers hostile paths under the documentation pages (left out of the document) without 5xx or outside files', async () => {
    const problems: string[] = [];
    for (const url of [
      '/api/docs/static/..%2f..%2f..%2f..%2fpackage.json',
      '/api/docs/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/api/docs/static/..%5c..%5c..%5cpackage.json',
      '/api/docs/static/index.html%00.js',
      '/api/docs/static/%ED%A0%80',
      '/api/docs/static/%',
      `/api/docs/static/${'a'.repeat(2000)}`,
      '/api/docs/json?%',
    ]) {
      const response = await send(app, callers.visitor, { method: 'GET', url, headers: {} });
      figures.requests += 1;
      if (response.statusCode >= 500) figures['5xx'] += 1;
      if (response.statusCode >= 500) problems.push(`${url}: ${response.statusCode}`);
      if (response.body.includes('"workspaces"')) problems.push(`${url}: served a file from outside the docs`);
    }
    expect(problems).toEqual([]);
  });

  it('leaves Object.prototype as it was (no prototype pollution from any body)', () => {
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

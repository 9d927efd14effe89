import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helpers.js';
import { validRequest } from './bad-input.js';
import { send, signedIn, visitor, type Caller } from './callers.js';
import { changedTables, watchDb } from './db-fingerprint.js';
import { writeFigures } from './figures.js';
import { makeOpenGame, makeOtherOpenGame, OWNED_OBJECTS, requestHints } from './fixtures.js';
import { fetchOpenApi, listOperations, operationName, type Operation } from './openapi.js';

/**
 * The authorization matrix (docs/decisions/021), discovered from the OpenAPI document and its access
 * rules: a visitor is refused every member and admin operation (401), a member every admin operation (403),
 * and another member every operation on a member's object (404); none of these refusals changes anything,
 * and no answer to anyone else shows a member's object.
 */

const { app, database } = await buildTestApp();
const operations = listOperations(await fetchOpenApi(app));
const hints = requestHints(await makeOpenGame(database), await makeOtherOpenGame(database));
const fingerprint = watchDb(database);
const stranger = visitor();
const owner = await signedIn(app, database.db, 'member');
const other = await signedIn(app, database.db, 'member');
const admin = await signedIn(app, database.db, 'admin');
// Stored in the owner's objects: an answer to anyone else that contains it shows them what is not theirs.
const MARKER = 'owned-by-member-a';

const figures = { operations: operations.length, cells: 0, requests: 0, '5xx': 0 };
const byAccess = (access: Operation['access']) => operations.filter((operation) => operation.access === access);
const hasPathParameter = (operation: Operation) => operation.parameters.some((parameter) => parameter.in === 'path');

/** Sends the operation's valid request (with the given path parameters) and counts it. */
async function call(caller: Caller, operation: Operation, path: Record<string, string> = {}) {
  const response = await send(app, caller, validRequest(operation, hints, path));
  figures.requests += 1;
  if (response.statusCode >= 500) figures['5xx'] += 1;
  return response;
}

/** Expects each caller to be refused with its status, and the database to be as it was. */
async function expectRefused(operation: Operation, cells: [Caller, number][], path: Record<string, string> = {}) {
  const before = await fingerprint();
  for (const [caller, status] of cells) {
    const response = await call(caller, operation, path);
    figures.cells += 1;
    expect(response.statusCode, `${caller.kind} on ${operationName(operation)}: ${response.body}`).toBe(status);
    expect(response.json<{ error?: { code?: string } }>().error?.code).toBeDefined();
  }
  expect(changedTables(before, await fingerprint()), 'tables changed by refused requests').toEqual([]);
}

// The owner's objects, made once per path when first needed: path parameters by OpenAPI path.
const ownedObjects = new Map<string, Promise<Record<string, string>>>();
function ownedObject(path: string): Promise<Record<string, string>> {
  const fixture = OWNED_OBJECTS[path];
  if (!fixture || 'notAnObject' in fixture) throw new Error(`no fixture makes an object for ${path}`);
  if (!ownedObjects.has(path)) ownedObjects.set(path, fixture.create({ app, database, owner, marker: MARKER }));
  return ownedObjects.get(path)!;
}

const ownedPaths = [
  ...new Set(
    byAccess('member')
      .filter(hasPathParameter)
      .map((operation) => operation.path),
  ),
].filter((path) => OWNED_OBJECTS[path] && !('notAnObject' in OWNED_OBJECTS[path]));

function showsOwnersObject(response: LightMyRequestResponse): boolean {
  return (
    response.body.includes(MARKER) ||
    response.body.includes(owner.account!.email) ||
    response.body.includes(owner.account!.username)
  );
}

describe('authorization matrix', () => {
  afterAll(async () => {
    writeFigures(`authorization-${database.kind}`, figures);
    await app.close();
  });

  it('knows how to make an object for every member route with a path parameter (or why it needs none)', () => {
    const missing = byAccess('member')
      .filter(hasPathParameter)
      .map((operation) => operation.path)
      .filter((path) => !(path in OWNED_OBJECTS));
    expect(missing, 'add these to OWNED_OBJECTS in security/fixtures.ts').toEqual([]);
    const memberPaths = new Set(byAccess('member').map((operation) => operation.path));
    const stale = Object.keys(OWNED_OBJECTS).filter((path) => !memberPaths.has(path));
    expect(stale, 'fixtures for paths that are no longer member routes').toEqual([]);
  });

  for (const operation of byAccess('admin')) {
    it(`${operationName(operation)}: a visitor gets 401, a member 403, and nothing changes`, async () => {
      await expectRefused(operation, [
        [stranger, 401],
        [other, 403],
      ]);
    });
  }

  // Without this, an admin the suite failed to make would turn every admin case into a quiet 403.
  it('lets its admin past the rule of every admin operation, and its member past every member one', async () => {
    const stopped: string[] = [];
    for (const [caller, access] of [
      [admin, 'admin'],
      [owner, 'member'],
    ] as const) {
      for (const operation of byAccess(access).filter((candidate) => candidate.method === 'GET')) {
        const response = await call(caller, operation);
        if (response.statusCode === 401 || response.statusCode === 403) {
          stopped.push(`${caller.kind} on ${operationName(operation)}: ${response.statusCode}`);
        }
      }
    }
    expect(stopped).toEqual([]);
  });

  for (const operation of byAccess('member')) {
    it(`${operationName(operation)}: a visitor gets 401 and nothing changes`, async () => {
      await expectRefused(operation, [[stranger, 401]]);
    });
  }

  for (const path of ownedPaths) {
    for (const operation of operations.filter((candidate) => candidate.path === path)) {
      it(`${operationName(operation)}: another member gets 404 for the owner's object, a visitor 401, and nothing changes`, async () => {
        const object = await ownedObject(path);
        await expectRefused(
          operation,
          [
            [other, 404],
            [stranger, 401],
          ],
          object,
        );
      });
    }
    const read = operations.find((candidate) => candidate.path === path && candidate.method === 'GET');
    if (read) {
      it(`GET ${path}: the owner still has the object, as it was`, async () => {
        const response = await call(owner, read, await ownedObject(path));
        expect(response.statusCode, response.body).toBe(200);
        expect(response.body).toContain(MARKER);
      });
    }
  }

  it("shows no member's object to another member or a visitor in any answer to a GET", async () => {
    for (const path of ownedPaths) await ownedObject(path);
    const leaks: string[] = [];
    for (const operation of operations.filter(
      (candidate) => candidate.method === 'GET' && candidate.access !== 'admin',
    )) {
      const object = ownedPaths.includes(operation.path) ? await ownedObject(operation.path) : {};
      for (const caller of [other, stranger]) {
        const response = await call(caller, operation, object);
        figures.cells += 1;
        if (showsOwnersObject(response))
          leaks.push(`${caller.kind} on ${operationName(operation)}: ${response.statusCode}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('met no 5xx', () => {
    expect(figures['5xx']).toBe(0);
  });
});

import { ErrorBody } from '@pass/contracts';
import { createTestDb } from '@pass/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.js';
import { AppError } from '../errors.js';
import { csrfPair, testConfig } from '../test/helpers.js';

/** Parses an error response against the API's one error shape. */
function errorOf(response: LightMyRequestResponse): ErrorBody['error'] {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return ErrorBody.parse(response.json()).error;
}

describe('error handler', () => {
  let app: FastifyInstance;
  let handled = 0;
  const secretText = 'column users.password_hash is secret-7f3a';

  beforeAll(async () => {
    const database = await createTestDb({ pgliteTemplate: inject('pgliteTemplate') });
    app = await buildApp({ config: testConfig(), database, logger: false });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const open = { config: { access: 'public' as const } };
    typed.post(
      '/api/test/users',
      {
        ...open,
        schema: {
          body: z.object({ username: z.string().min(3), profile: z.object({ age: z.number().int() }).optional() }),
        },
      },
      async (request) => {
        handled += 1;
        return { created: request.body.username };
      },
    );
    typed.get(
      '/api/test/query',
      { ...open, schema: { querystring: z.object({ x: z.coerce.number().int() }) } },
      async (request) => ({
        x: request.query.x,
      }),
    );
    typed.get('/api/test/params/:id', { ...open, schema: { params: z.object({ id: z.uuid() }) } }, async (request) => ({
      id: request.params.id,
    }));
    typed.get('/api/test/crash', open, async () => {
      throw new Error(secretText);
    });
    typed.get('/api/test/missing', open, async () => {
      throw AppError.notFound('No such pool');
    });
    typed.get('/api/test/bad-field', open, async () => {
      throw AppError.badRequest('season', 'must be 2022 or later');
    });
    typed.get('/api/test/database-down', open, async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:5432'), { code: 'ECONNREFUSED' });
    });
    typed.get('/api/test/database-down-wrapped', open, async () => {
      const cause = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
      throw new Error('Failed query: select 1', { cause });
    });
    typed.get('/api/test/unique-violation', open, async () => {
      const cause = Object.assign(new Error('duplicate key value violates unique constraint "secret_idx"'), {
        code: '23505',
        constraint: 'secret_idx',
      });
      throw new Error('Failed query: insert into secret_table', { cause });
    });
    typed.get('/api/test/throttled', open, async () => {
      throw Object.assign(new Error('Too many attempts'), { statusCode: 429 });
    });
    typed.get('/api/test/teapot', open, async () => {
      throw Object.assign(new Error('I am a teapot'), { statusCode: 418 });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const postUsers = (payload: string, contentType = 'application/json') =>
    app.inject({
      method: 'POST',
      url: '/api/test/users',
      ...csrfPair(),
      headers: { ...csrfPair().headers, 'content-type': contentType },
      payload,
    });

  it('passes a valid request through', async () => {
    const before = handled;
    const response = await postUsers(JSON.stringify({ username: 'pat' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ created: 'pat' });
    expect(handled).toBe(before + 1);
  });

  it('answers a malformed JSON body with 400 naming the body, without running the handler', async () => {
    const before = handled;
    const response = await postUsers('{"username": "pat"');
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.fields).toEqual([{ field: 'body', message: expect.any(String) }]);
    expect(handled).toBe(before);
  });

  it('answers an empty JSON body with 400', async () => {
    const response = await postUsers('');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.map((field) => field.field)).toEqual(['body']);
  });

  it('answers a body missing a required field with 400 naming its path', async () => {
    const before = handled;
    const response = await postUsers(JSON.stringify({ name: 'pat' }));
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.fields?.map((field) => field.field)).toEqual(['body.username']);
    expect(error.message).toContain('body.username');
    expect(handled).toBe(before);
  });

  it('names nested fields by their full path', async () => {
    const response = await postUsers(JSON.stringify({ username: 'pat', profile: { age: 'old' } }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.map((field) => field.field)).toEqual(['body.profile.age']);
  });

  it('reports every bad field of a body', async () => {
    const response = await postUsers(JSON.stringify({ username: 'p', profile: { age: 1.5 } }));
    expect(response.statusCode).toBe(400);
    expect(
      errorOf(response)
        .fields?.map((field) => field.field)
        .sort(),
    ).toEqual(['body.profile.age', 'body.username']);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await postUsers('username=pat', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('BAD_REQUEST');
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await postUsers(JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10) }));
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a query of the wrong type with 400 naming querystring.x', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/test/query?x=12' });
    expect(ok.json()).toEqual({ x: 12 });

    const response = await app.inject({ method: 'GET', url: '/api/test/query?x=twelve' });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.fields?.map((field) => field.field)).toEqual(['querystring.x']);
  });

  it('answers a bad path parameter with 400 naming params.id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/params/not-a-uuid' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.map((field) => field.field)).toEqual(['params.id']);
  });

  it('hides the details of an unexpected error behind a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    const error = errorOf(response);
    expect(error.code).toBe('INTERNAL');
    expect(error.fields).toBeUndefined();
    expect(response.body).not.toContain('secret-7f3a');
    expect(response.body).not.toContain('password_hash');
    expect(response.body).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  it('answers AppError.notFound with 404 NOT_FOUND and its message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/missing' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'No such pool' });
  });

  it('answers AppError.badRequest with 400 and its field', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/bad-field' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual([{ field: 'season', message: 'must be 2022 or later' }]);
  });

  it('answers a refused database connection with 503 UNAVAILABLE, naming no address', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/database-down' });
    expect(response.statusCode).toBe(503);
    expect(errorOf(response).code).toBe('UNAVAILABLE');
    expect(response.body).not.toContain('10.1.2.3');
  });

  it('recognises a lost connection in the cause of a query error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/database-down-wrapped' });
    expect(response.statusCode).toBe(503);
    expect(errorOf(response).code).toBe('UNAVAILABLE');
  });

  it('answers a unique violation no service handled, wrapped in its cause, with 409 naming nothing of it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/unique-violation' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('CONFLICT');
    expect(response.body).not.toContain('secret');
  });

  it('maps a client error status set by a plugin to its code, keeping the message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/throttled' });
    expect(response.statusCode).toBe(429);
    expect(errorOf(response)).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts' });
  });

  it('answers a client error status without a code of its own as 400 BAD_REQUEST', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('BAD_REQUEST');
  });

  it('answers an unknown API path with a JSON 404 that does not repeat the path', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nope?secret=1', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    const error = errorOf(response);
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).not.toContain('nope');
    expect(error.message).not.toContain('secret');
  });
});

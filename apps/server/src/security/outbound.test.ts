import net, { type AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { validRequest } from './bad-input.js';
import { send, signedIn, type Caller } from './callers.js';
import { writeFigures } from './figures.js';
import { makeOpenGame, makeOtherOpenGame, requestHints } from './fixtures.js';
import { fetchOpenApi, listOperations, operationName, type JsonSchema, type Operation } from './openapi.js';

/**
 * The outbound-request check (decision 054): every documented operation that takes an address (a field of its
 * body or query with the `uri`/`url` format, or named like one) is sent addresses of this machine and of
 * private networks, written every way a parser accepts them. Each must be refused with a 400 naming the field,
 * and no connection may arrive at a listener on loopback, whose port the addresses carry. A new endpoint that
 * takes a URL is covered as soon as it is documented.
 */

const URL_FORMATS = new Set(['uri', 'url', 'iri', 'uri-reference']);
const URL_NAMES = /(^|_)(url|uri|endpoint|href|link|webhook|callback)$/i;

/** The dotted paths of the string fields of a schema that hold an address. */
function urlFields(schema: JsonSchema | null, prefix: string[] = []): string[][] {
  if (!schema) return [];
  const fields: string[][] = [];
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    fields.push(...urlFields(part, prefix));
  }
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const isString = child.type === 'string' || (Array.isArray(child.type) && child.type.includes('string'));
    const alternatives = [...(child.anyOf ?? []), ...(child.oneOf ?? []), ...(child.allOf ?? [])];
    const formatted = [child, ...alternatives].some((part) => part.format && URL_FORMATS.has(part.format));
    if (formatted || (isString && URL_NAMES.test(name))) fields.push([...prefix, name]);
    else fields.push(...urlFields(child, [...prefix, name]));
  }
  return fields;
}

function hostileUrls(port: number): string[] {
  return [
    `https://127.0.0.1:${port}/outbound-check`,
    `https://localhost:${port}/outbound-check`,
    `https://2130706433:${port}/outbound-check`,
    `https://0x7f000001:${port}/outbound-check`,
    `https://0177.0.0.1:${port}/outbound-check`,
    `https://127.1:${port}/outbound-check`,
    `https://[::1]:${port}/outbound-check`,
    `https://[::ffff:127.0.0.1]:${port}/outbound-check`,
    `http://127.0.0.1:${port}/outbound-check`,
    'https://10.0.0.1/outbound-check',
    'https://192.168.1.1/outbound-check',
    'https://169.254.169.254/latest/meta-data/',
    'https://[fd00::1]/outbound-check',
  ];
}

function withField(payload: string, path: string[], value: string): string {
  const body = JSON.parse(payload) as Record<string, unknown>;
  let target = body;
  for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
  target[path.at(-1)!] = value;
  return JSON.stringify(body);
}

describe('the outbound-request check', () => {
  let testApp: TestApp;
  let operations: { operation: Operation; body: string[][]; query: string[] }[];
  let listener: net.Server;
  let port: number;
  const connections: string[] = [];
  let member: Caller;
  let admin: Caller;
  let hints: Record<string, unknown>;
  const figures = { operations: 0, fields: 0, requests: 0 };

  beforeAll(async () => {
    listener = net.createServer((socket) => {
      connections.push(`${socket.remoteAddress}`);
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
    // Push turned on, so a device stored would be pushed to: the test push below would find it.
    const vapid = webpush.generateVAPIDKeys();
    testApp = await buildTestApp({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey });
    operations = listOperations(await fetchOpenApi(testApp.app))
      .map((operation) => ({
        operation,
        body: urlFields(operation.body),
        query: operation.parameters
          .filter((parameter) => parameter.in === 'query')
          .filter((parameter) => urlFields({ properties: { [parameter.name]: parameter.schema } }).length > 0)
          .map((parameter) => parameter.name),
      }))
      .filter((entry) => entry.body.length + entry.query.length > 0);
    hints = requestHints(await makeOpenGame(testApp.database), await makeOtherOpenGame(testApp.database));
    member = await signedIn(testApp.app, testApp.database.db, 'member');
    admin = await signedIn(testApp.app, testApp.database.db, 'admin');
  });
  afterAll(async () => {
    writeFigures(`outbound-${testApp.database.kind}`, figures);
    await testApp.app.close();
    await new Promise((resolve) => listener.close(resolve));
  });

  it('finds the operations that take an address (the push subscriptions, at least)', () => {
    const names = operations.map(({ operation }) => operationName(operation));
    expect(names).toEqual(
      expect.arrayContaining(['POST /api/user/push-subscriptions', 'DELETE /api/user/push-subscriptions']),
    );
  });

  it('refuses every address of this machine or a private network with 400 naming the field', async () => {
    const problems: string[] = [];
    for (const { operation, body, query } of operations) {
      figures.operations += 1;
      const caller = operation.access === 'admin' ? admin : member;
      const valid = validRequest(operation, hints);
      for (const url of hostileUrls(port)) {
        const cases = [
          ...body.map((path) => ({
            field: `body.${path.join('.')}`,
            request: { ...valid, payload: withField(String(valid.payload ?? '{}'), path, url) },
          })),
          ...query.map((name) => {
            const address = new URL(valid.url, 'http://localhost');
            address.searchParams.set(name, url);
            return { field: `query.${name}`, request: { ...valid, url: `${address.pathname}${address.search}` } };
          }),
        ];
        for (const { field, request } of cases) {
          figures.requests += 1;
          const response = await send(testApp.app, caller, request);
          const fields = (response.json() as { error?: { fields?: { field: string }[] } }).error?.fields ?? [];
          if (response.statusCode !== 400 || !fields.some((entry) => entry.field === field)) {
            problems.push(`${operationName(operation)} ${field}=${url}: ${response.statusCode} ${response.body}`);
          }
        }
      }
      figures.fields += body.length + query.length;
    }
    // A device stored by any of them would be pushed to now.
    const test = await send(testApp.app, member, {
      method: 'POST',
      url: '/api/user/push-subscriptions/test',
      headers: {},
    });
    expect(test.statusCode).toBe(200);
    expect(problems).toEqual([]);
    expect(connections).toEqual([]);
  });
});

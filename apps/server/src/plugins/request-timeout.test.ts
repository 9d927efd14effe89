import { setTimeout as sleep } from 'node:timers/promises';
import { ErrorBody } from '@pass/contracts';
import { users } from '@pass/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { listenLocally, rawExchange } from '../test/raw-http.js';

/** A client that sends a byte now and then, for as long as the server keeps the connection open. */
async function trickle(socket: { write(text: string): boolean }, closed: () => boolean, text: string) {
  for (const character of text) {
    if (closed()) return;
    socket.write(character);
    await sleep(50);
  }
}

describe('a request that does not arrive in time (REQUEST_TIMEOUT_MS)', () => {
  let testApp: TestApp;
  let port: number;
  beforeAll(async () => {
    testApp = await buildTestApp({ REQUEST_TIMEOUT_MS: '400' });
    port = await listenLocally(testApp.app);
  });
  afterAll(async () => {
    await testApp.app.close();
  });

  const accounts = async () => {
    const [row] = await testApp.database.db.select({ n: sql<number>`count(*)` }).from(users);
    return Number(row!.n);
  };

  it('cuts off a trickling body with 408 in the error shape, and writes nothing', async () => {
    const before = await accounts();
    const body = JSON.stringify({
      username: 'trickler',
      email: 'trickler@example.com',
      password: 'a long enough passphrase 42',
      // Long enough that, a byte every 50 ms, it would take minutes to arrive.
      name: 'x'.repeat(3000),
    });
    const csrf = 'trickle-csrf-token-0123456789';
    const head =
      'POST /auth/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCookie: XSRF-TOKEN=${csrf}\r\nX-XSRF-TOKEN: ${csrf}\r\n\r\n`;
    const response = await rawExchange(port, async (socket, closed) => {
      socket.write(head);
      await trickle(socket, closed, body);
    });
    expect(response.status).toBe(408);
    expect(response.headers.connection).toBe('close');
    expect(ErrorBody.parse(JSON.parse(response.body)).error.code).toBe('REQUEST_TIMEOUT');
    expect(await accounts()).toBe(before);
  });

  it('cuts off trickling headers the same way', async () => {
    const head = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'y'.repeat(3000)}\r\n\r\n`;
    const response = await rawExchange(port, (socket, closed) => trickle(socket, closed, head));
    expect(response.status).toBe(408);
    expect(ErrorBody.parse(JSON.parse(response.body)).error.code).toBe('REQUEST_TIMEOUT');
  });

  it('answers a request that arrives in time as usual', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});

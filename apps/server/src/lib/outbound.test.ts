import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guardedFetch,
  guardedFetchFollowingRedirects,
  GuardedHttpsAgent,
  isPublicAddress,
  isPushServiceEndpoint,
  STRICT_OUTBOUND,
} from './outbound.js';

describe('the outbound address rule', () => {
  it('refuses loopback, private, link-local and special addresses in every form, IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '142.250.74.10', '::ffff:8.8.8.8', '2606:4700:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('takes push endpoints only on the browser vendors’ push services, over https on the default port', () => {
    expect(isPushServiceEndpoint('https://fcm.googleapis.com/fcm/send/x')).toBe(true);
    expect(isPushServiceEndpoint('https://FCM.googleapis.com/fcm/send/x')).toBe(true);
    expect(isPushServiceEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true);
    expect(isPushServiceEndpoint('https://db5p.notify.windows.com/w/?token=x')).toBe(true);
    expect(isPushServiceEndpoint('https://web.push.apple.com/x')).toBe(true);
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:444/fcm/send/x',
      'https://user@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://notify.windows.com.evil.example/x',
      'https://evilnotify.windows.com/x',
      'https://localhost/x',
      'https://2130706433/x',
      'https://[::1]/x',
      'not a url',
    ]) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(false);
    }
    expect(isPushServiceEndpoint('https://127.0.0.1:8443/x', ['127.0.0.1:8443'])).toBe(true);
  });
});

describe('a guarded HTTPS agent', () => {
  let listener: net.Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => listener.close(resolve));
  });

  function request(agent: https.Agent, hostname: string): Promise<string> {
    return new Promise((resolve) => {
      const outgoing = https.request({ hostname, port, path: '/', agent, timeout: 5_000 }, () => resolve('answered'));
      outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      outgoing.end();
    });
  }

  it('refuses loopback written as an address, a name or a number, before any connection', async () => {
    const agent = new GuardedHttpsAgent(STRICT_OUTBOUND);
    for (const hostname of ['127.0.0.1', 'localhost', '2130706433', '::1', '::ffff:127.0.0.1']) {
      expect(await request(agent, hostname), hostname).toBe('EOUTBOUND_FORBIDDEN');
    }
    expect(connections).toBe(0);
  });

  it('connects to a private address only when told to (tests’ local fakes)', async () => {
    const agent = new GuardedHttpsAgent({ allowPrivateAddresses: true });
    expect(await request(agent, '127.0.0.1')).not.toBe('EOUTBOUND_FORBIDDEN');
    expect(connections).toBe(1);
  });
});

describe('a guarded fetch (the providers’ requests)', () => {
  let server: http.Server;
  let port: number;
  const paths: string[] = [];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      paths.push(request.url ?? '');
      if (request.url === '/moved') return response.writeHead(302, { location: '/elsewhere' }).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses this machine by address, name or number, and sends nothing', async () => {
    const strict = guardedFetch(STRICT_OUTBOUND);
    for (const host of ['127.0.0.1', 'localhost', '2130706433', '[::1]', '[::ffff:127.0.0.1]']) {
      await expect(strict(`http://${host}:${port}/ok`), host).rejects.toMatchObject({ code: 'EOUTBOUND_FORBIDDEN' });
    }
    expect(paths).toEqual([]);
  });

  it('reaches a local fake only when told to, and never follows a redirect', async () => {
    const allowed = guardedFetch({ allowPrivateAddresses: true });
    expect(await (await allowed(`http://127.0.0.1:${port}/ok`)).json()).toEqual({ ok: true });
    await expect(allowed(`http://127.0.0.1:${port}/moved`)).rejects.toThrow();
    expect(paths).toEqual(['/ok', '/moved']);
  });
});

describe('a guarded fetch that follows redirects (the free sources’ public files)', () => {
  /** A stand-in for the network: each URL's answer, and the requests made, with the headers they carried. */
  function network(answers: Record<string, Response | (() => Response)>) {
    const requests: { url: string; redirect: RequestInit['redirect']; authorization: string | null }[] = [];
    const base = (async (input: string | URL, init?: RequestInit) => {
      const url = String(input);
      requests.push({
        url,
        redirect: init?.redirect,
        authorization: new Headers(init?.headers).get('authorization'),
      });
      const answer = answers[url];
      if (!answer) throw new TypeError(`no answer for ${url}`);
      return typeof answer === 'function' ? answer() : answer;
    }) as typeof fetch;
    return { base, requests };
  }
  const moved = (location: string, status = 302) => new Response(null, { status, headers: { location } });

  it('follows a redirect between public addresses, checking and sending each hop itself', async () => {
    const { base, requests } = network({
      'https://93.184.216.34/nflverse/nfldata/raw/master/data/games.csv': moved(
        'https://185.199.108.133/data/games.csv',
      ),
      'https://185.199.108.133/data/games.csv': new Response('game_id,season\n', { status: 200 }),
    });
    const follow = guardedFetchFollowingRedirects(STRICT_OUTBOUND, { base });
    const answer = await follow('https://93.184.216.34/nflverse/nfldata/raw/master/data/games.csv', {
      headers: { 'if-none-match': '"v1"', authorization: 'Bearer x' },
    });
    expect(await answer.text()).toBe('game_id,season\n');
    expect(requests).toEqual([
      {
        url: 'https://93.184.216.34/nflverse/nfldata/raw/master/data/games.csv',
        redirect: 'manual',
        authorization: 'Bearer x',
      },
      // Another origin: the first one's credentials stay behind.
      { url: 'https://185.199.108.133/data/games.csv', redirect: 'manual', authorization: null },
    ]);
  });

  it('refuses a redirect to a private address before sending anything there', async () => {
    const { base, requests } = network({
      'https://93.184.216.34/games.csv': moved('https://10.0.0.1/latest/meta-data/'),
    });
    await expect(
      guardedFetchFollowingRedirects(STRICT_OUTBOUND, { base })('https://93.184.216.34/games.csv'),
    ).rejects.toMatchObject({ code: 'EOUTBOUND_FORBIDDEN' });
    expect(requests.map((request) => request.url)).toEqual(['https://93.184.216.34/games.csv']);
  });

  it('refuses https to http, another scheme, and more redirects than it follows', async () => {
    const { base } = network({
      'https://93.184.216.34/a': moved('http://93.184.216.35/a'),
      'https://93.184.216.34/b': moved('file:///etc/passwd'),
      'https://93.184.216.34/loop': () => moved('/loop', 307),
    });
    const follow = guardedFetchFollowingRedirects(STRICT_OUTBOUND, { base, maxRedirects: 3 });
    await expect(follow('https://93.184.216.34/a')).rejects.toThrow(/from https to http/);
    await expect(follow('https://93.184.216.34/b')).rejects.toThrow(/redirect to file:/);
    await expect(follow('https://93.184.216.34/loop')).rejects.toThrow(/more than 3 redirects/);
  });

  it('answers a 304 or a redirect without a location as it came', async () => {
    const { base } = network({
      'https://93.184.216.34/same': new Response(null, { status: 304 }),
      'https://93.184.216.34/nowhere': new Response(null, { status: 302 }),
    });
    const follow = guardedFetchFollowingRedirects(STRICT_OUTBOUND, { base });
    expect((await follow('https://93.184.216.34/same')).status).toBe(304);
    expect((await follow('https://93.184.216.34/nowhere')).status).toBe(302);
  });
});

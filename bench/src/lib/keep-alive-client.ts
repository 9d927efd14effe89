import http from 'node:http';

/**
 * A `fetch` for the bench's own requests to the app under test, on node:http with kept-alive connections. The
 * client shares the machine's two cores with the app and PostgreSQL: the global `fetch` cost the bench about
 * 0.5 ms of processor a request where this costs about 0.25 ms (10 at a time, a 20 KB answer), time the app
 * under test then has. Plain HTTP to the address given only; the answer's body is read whole.
 */
export function keepAliveFetch(maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const send = (
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Response> =>
    new Promise((resolve, reject) => {
      const headers = {
        ...init.headers,
        ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }),
      };
      const request = http.request(url, { method: init.method ?? 'GET', headers, agent }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => {
          const status = answer.statusCode ?? 0;
          // A Response for the bench's helpers (pool-benchmarks.ts); 204 and 304 carry no body.
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status }));
        });
      });
      request.on('error', reject);
      request.end(init.body);
    });
  return { fetch: send, close: () => agent.destroy() };
}

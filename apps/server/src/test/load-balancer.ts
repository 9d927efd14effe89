import http from 'node:http';
import net from 'node:net';

/**
 * A load balancer for the tests of several server processes, behaving as the usual ones do (nginx, an
 * orchestrator's service): it checks each backend's readiness every `checkEveryMs` and sends requests and
 * WebSocket upgrades, in turn, only to the backends that answered ready; a request whose connection is
 * refused (the backend stopped listening) goes to the next one, as it never reached a server. Anything else
 * that fails is answered 502, which the tests count as a lost request.
 */
export interface LoadBalancer {
  baseUrl: string;
  /** Starts sending to `baseUrl` once its readiness says so. */
  add(name: string, baseUrl: string): void;
  remove(name: string): void;
  /** Backends that answered ready at the last check. */
  ready(): string[];
  /** How many requests each backend was sent. */
  readonly served: Map<string, number>;
  close(): Promise<void>;
}

interface Backend {
  name: string;
  url: URL;
  ready: boolean;
}

export async function startLoadBalancer(options: { checkEveryMs?: number } = {}): Promise<LoadBalancer> {
  const backends = new Map<string, Backend>();
  const served = new Map<string, number>();
  let turn = 0;
  const sockets = new Set<net.Socket>();

  /** The ready backends in the order to try them, starting with this request's turn. */
  const candidates = (): Backend[] => {
    const ready = [...backends.values()].filter((backend) => backend.ready);
    turn += 1;
    return ready.map((_, index) => ready[(turn + index) % ready.length]!);
  };

  const check = async (backend: Backend) => {
    try {
      const response = await fetch(new URL('/api/health/ready', backend.url), { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      backend.ready = response.status === 200;
    } catch {
      backend.ready = false;
    }
  };
  const timer = setInterval(() => {
    for (const backend of backends.values()) void check(backend);
  }, options.checkEveryMs ?? 100);

  const forward = (request: http.IncomingMessage, body: Buffer, response: http.ServerResponse, tries: Backend[]) => {
    const backend = tries.shift();
    if (!backend) {
      response.writeHead(502, { 'content-type': 'text/plain' }).end('no backend answered');
      return;
    }
    const upstream = http.request(
      {
        host: backend.url.hostname,
        port: backend.url.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent: false,
      },
      (answer) => {
        served.set(backend.name, (served.get(backend.name) ?? 0) + 1);
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // Refused: the request never reached a server, so another may take it.
      if (error.code === 'ECONNREFUSED' && !response.headersSent) return forward(request, body, response, tries);
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`backend ${backend.name}: ${error.message}`);
    });
    upstream.end(body);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, Buffer.concat(chunks), response, candidates()));
  });

  // A WebSocket upgrade is passed through whole: the request head as it came, then bytes both ways.
  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const connect = (tries: Backend[]) => {
      const backend = tries.shift();
      if (!backend) return client.destroy();
      const upstream = net.connect(Number(backend.url.port), backend.url.hostname);
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      let connected = false;
      upstream.on('connect', () => {
        connected = true;
        served.set(backend.name, (served.get(backend.name) ?? 0) + 1);
        const lines = [`${request.method} ${request.url} HTTP/1.1`];
        for (let index = 0; index < request.rawHeaders.length; index += 2) {
          lines.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`);
        }
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => {
        if (!connected) return connect(tries);
        client.destroy();
      });
      client.on('error', () => upstream.destroy());
      upstream.on('end', () => client.end());
    };
    connect(candidates());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    add(name, baseUrl) {
      const backend = { name, url: new URL(baseUrl), ready: false };
      backends.set(name, backend);
      void check(backend);
    },
    remove(name) {
      backends.delete(name);
    },
    ready: () => [...backends.values()].filter((backend) => backend.ready).map((backend) => backend.name),
    served,
    async close() {
      clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

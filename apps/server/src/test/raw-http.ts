import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Starts the app on a free port of 127.0.0.1, for requests Node's own parser must see. Returns the port. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as net.AddressInfo).port;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Everything the server wrote before it closed the connection. */
  raw: string;
}

/**
 * Opens a connection, lets `talk` write to it (all at once or bit by bit), and collects what the server
 * writes until it closes the connection. `talk` is told when the server has closed, so a trickle can stop.
 */
export function rawExchange(
  port: number,
  talk: (socket: net.Socket, closed: () => boolean) => void | Promise<void>,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let closed = false;
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may close while a write is still on its way; what it answered is what counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n'), raw });
    });
    socket.on('connect', () => {
      Promise.resolve(talk(socket, () => closed)).catch(reject);
    });
  });
}

/** Sends a whole request at once and half-closes nothing: the server decides when the connection ends. */
export function rawRequest(port: number, request: string): Promise<RawResponse> {
  return rawExchange(port, (socket) => {
    socket.write(request);
  });
}

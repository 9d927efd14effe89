import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP capture received it: the envelope and the raw RFC 5322 text. */
export interface CapturedMail {
  from: string | null;
  to: string[];
  raw: string;
  receivedAt: string;
}

export interface MailCapture {
  /** The SMTP_URL for the app server. */
  smtpUrl: string;
  /** GET {mailboxUrl} answers every captured message as JSON (tests run in other processes). */
  mailboxUrl: string;
  close(): Promise<void>;
}

/**
 * A local SMTP server that keeps every message in memory (no TLS, no authentication), and a tiny
 * HTTP server on 127.0.0.1 that lists them, so browser tests can open the links the app mails.
 */
export async function startMailCapture(): Promise<MailCapture> {
  const messages: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const sender = session.envelope.mailFrom;
        messages.push({
          from: sender ? sender.address : null,
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  const smtpPort = await listen(smtp.server);

  const http = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/messages') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(messages));
      return;
    }
    response.writeHead(404).end();
  });
  const httpPort = await listen(http);

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    mailboxUrl: `http://127.0.0.1:${httpPort}/messages`,
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => http.close(() => resolve())),
      ]);
    },
  };
}

function listen(server: Server | SMTPServer['server']): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

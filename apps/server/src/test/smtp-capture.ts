import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the local SMTP server received it, with its text and HTML parts decoded. */
export interface CapturedMail {
  /** The envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every mail received so far, in order of arrival. */
  readonly mails: CapturedMail[];
  mailsTo(address: string): CapturedMail[];
  /** The first mail (received or still to come) to the address that matches; rejects after the timeout. */
  waitForMail(address: string, predicate?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** Starts an SMTP server on 127.0.0.1 (a free port, no TLS, no auth) that keeps every mail it gets. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    secure: false,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        mails.push({ ...parseMail(raw), from, to, raw });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (address: string) => mails.filter((mail) => mail.to.includes(address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo,
    waitForMail(address, predicate = () => true, timeoutMs = 5_000) {
      const find = () => mailsTo(address).find(predicate);
      const found = find();
      if (found) return Promise.resolve(found);
      return new Promise<CapturedMail>((resolve, reject) => {
        const wake = () => {
          const mail = find();
          if (!mail) return;
          finish();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          finish();
          const subjects = mailsTo(address).map((mail) => mail.subject);
          reject(
            new Error(`No matching mail to ${address} within ${timeoutMs} ms (received: ${JSON.stringify(subjects)})`),
          );
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of a verification link (`/account/verify/<token>`) in a mail. */
export function verificationToken(mail: CapturedMail): string {
  return linkToken(mail, /\/account\/verify\/([A-Za-z0-9_-]+)/);
}

/** The token of a password reset link (`/u/passwd?token=<token>`) in a mail. */
export function resetToken(mail: CapturedMail): string {
  return linkToken(mail, /\/u\/passwd\?token=([A-Za-z0-9_-]+)/);
}

function linkToken(mail: CapturedMail, pattern: RegExp): string {
  const token = pattern.exec(mail.text)?.[1];
  if (!token) throw new Error(`No link matching ${pattern} in the mail "${mail.subject}"`);
  return token;
}

// A small MIME reader: enough for what nodemailer sends (multipart/alternative, quoted-printable or base64 parts).

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): MimePart {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_match, kind: string, encoded: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(encoded, 'base64').toString('utf8')
        : decodeQuotedPrintable(encoded.replace(/_/g, ' ')),
    );
}

function collectParts(part: MimePart, found: { text?: string; html?: string }): void {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectParts(splitPart(section.replace(/^\n/, '')), found);
    }
    return;
  }
  if (/^text\/plain/i.test(contentType)) found.text ??= decodeBody(part);
  else if (/^text\/html/i.test(contentType)) found.html ??= decodeBody(part);
}

function parseMail(raw: string): Omit<CapturedMail, 'to' | 'from' | 'raw'> {
  const message = splitPart(raw);
  const found: { text?: string; html?: string } = {};
  collectParts(message, found);
  return {
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: found.text ?? '',
    html: found.html ?? '',
  };
}

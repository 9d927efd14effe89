import { expect, inject } from 'vitest';
import type { CapturedMail } from './mail-server';

/** A captured mail, decoded: its subject and its plain-text body. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * Waits for the app's mail to `to` (whose subject matches) to reach the SMTP capture of the global
 * setup, and decodes it. Delivery happens after the HTTP answer, so the mail may take a moment.
 */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(inject('mailboxUrl'));
    const captured = (await response.json()) as CapturedMail[];
    const match = captured
      .filter((mail) => mail.to.includes(address))
      .map(decodeMail)
      .find((mail) => subject.test(mail.subject));
    if (match) return match;
    if (Date.now() > deadline) {
      throw new Error(`No mail to ${to} with a subject like ${subject} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The first link in a mail's text whose path starts with `pathPrefix`, moved onto `baseUrl` (the app
 * mails links on its PUBLIC_URL; the test opens them where it runs the app).
 */
export function linkIn(mail: ReceivedMail, pathPrefix: string, baseUrl: string): string {
  const urls = mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  const link = urls.map((url) => new URL(url)).find((url) => url.pathname.startsWith(pathPrefix));
  expect(link, `a ${pathPrefix} link in the mail:\n${mail.text}`).toBeDefined();
  return new URL(link!.pathname + link!.search, baseUrl).toString();
}

/** Headers and the text/plain part of a raw message, transfer encodings undone (enough for the app's mails). */
export function decodeMail(mail: CapturedMail): ReceivedMail {
  const { headers, body } = splitEntity(mail.raw);
  return { to: mail.to, subject: decodeWords(headers.get('subject') ?? ''), text: textOf(headers, body) ?? '' };
}

function textOf(headers: Map<string, string>, body: string): string | null {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const entity = splitEntity(part.replace(/^\r?\n/, ''));
      const text = textOf(entity.headers, entity.body);
      if (text !== null) return text;
    }
    return null;
  }
  if (!/^text\/plain/i.test(type)) return null;
  return decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit');
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with white space.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

export function decodeQuotedPrintable(text: string): string {
  const softBreaksGone = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < softBreaksGone.length; index++) {
    const hex = softBreaksGone.slice(index + 1, index + 3);
    if (softBreaksGone[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(softBreaksGone[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

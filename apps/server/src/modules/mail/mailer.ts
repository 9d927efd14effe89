import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailOutbox, type DbExecutor } from '@pass/db';
import { systemClock } from '../../lib/clock.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** A message stored in the outbox, not yet handed to SMTP. */
export interface StoredMail {
  id: number;
  message: MailMessage;
}

export interface Mailer {
  /**
   * Stores the message in the outbox (so it is never lost), then delivers it over SMTP in the
   * background when SMTP is configured. Resolves once stored; delivery does not hold up the request,
   * which also keeps response times the same whether or not a mail was sent. Resolves to the outbox id.
   */
  send(db: DbExecutor, message: MailMessage): Promise<number>;
  /**
   * Stores the message in the outbox only. For mail queued inside a transaction: SMTP must not see it before
   * the transaction commits (a rollback would leave a delivered mail with no row), so the caller hands what
   * this returns to `deliver` after the commit.
   */
  store(db: DbExecutor, message: MailMessage): Promise<StoredMail>;
  /**
   * Delivers stored mail in the background, as `send` does, recording each delivery through `db` (a handle
   * outside the transaction that stored it, which has committed by now).
   */
  deliver(db: DbExecutor, mails: readonly StoredMail[]): void;
  /** Resolves when every delivery started so far has finished (tests and shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const inFlight = new Set<Promise<void>>();

  async function deliver(db: DbExecutor, id: number, message: MailMessage) {
    if (!transport) return;
    try {
      await transport.sendMail({ from: options.from, ...message });
      await db.update(mailOutbox).set({ sentAt: systemClock(), error: null }).where(eq(mailOutbox.id, id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      options.log.error({ mailId: id, to: message.to, reason }, 'mail delivery failed; it stays in the outbox');
      await db
        .update(mailOutbox)
        .set({ error: reason })
        .where(eq(mailOutbox.id, id))
        .catch(() => undefined);
    }
  }

  async function store(db: DbExecutor, message: MailMessage): Promise<StoredMail> {
    const [row] = await db
      .insert(mailOutbox)
      .values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        headers: message.headers ?? null,
      })
      .returning({ id: mailOutbox.id });
    return { id: row!.id, message };
  }

  function deliverInBackground(db: DbExecutor, { id, message }: StoredMail) {
    // The body carries links with tokens: the log gets the address and subject only.
    options.log.info(
      { mailId: id, to: message.to, subject: message.subject },
      transport ? 'mail queued for SMTP' : 'mail stored in the outbox (no SMTP_URL)',
    );
    const delivery = deliver(db, id, message).finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  }

  return {
    async send(db, message) {
      const stored = await store(db, message);
      deliverInBackground(db, stored);
      return stored.id;
    },
    store,
    deliver(db, mails) {
      for (const mail of mails) deliverInBackground(db, mail);
    },
    async idle() {
      await Promise.all([...inFlight]);
    },
    async close() {
      await Promise.all([...inFlight]);
      transport?.close();
    },
  };
}

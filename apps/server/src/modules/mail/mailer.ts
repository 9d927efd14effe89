import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailOutbox, type DbExecutor } from '@pass/db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Stores the message in the outbox (so it is never lost), then delivers it over SMTP in the
   * background when SMTP is configured. Resolves once stored; delivery does not hold up the request,
   * which also keeps response times the same whether or not a mail was sent.
   */
  send(db: DbExecutor, message: MailMessage): Promise<void>;
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
      await db.update(mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(mailOutbox.id, id));
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

  return {
    async send(db, message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html })
        .returning({ id: mailOutbox.id });
      const id = row!.id;
      // The body carries links with tokens: the log gets the address and subject only.
      options.log.info(
        { mailId: id, to: message.to, subject: message.subject },
        transport ? 'mail queued for SMTP' : 'mail stored in the outbox (no SMTP_URL)',
      );
      const delivery = deliver(db, id, message).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
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

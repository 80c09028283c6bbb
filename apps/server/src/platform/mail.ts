import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A stable Message-ID, so a mail sent twice after a crash is one message to the receiving side. */
  messageId?: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP waits, in ms: nodemailer's defaults (2 min to connect, 10 min idle) would outlast the outbox's
 * claim on a row, so another instance could send the same mail. `send` bounds one whole send.
 */
export const SMTP_TIMEOUTS = { connection: 10_000, greeting: 10_000, socket: 20_000, send: 45_000 };
export type SmtpTimeouts = typeof SMTP_TIMEOUTS;

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to DATA_DIR/mail. */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  /** Shorter waits for tests of a hung server. */
  timeouts?: Partial<SmtpTimeouts>;
}): Mailer {
  if (opts.smtpUrl) {
    const waits = { ...SMTP_TIMEOUTS, ...opts.timeouts };
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: waits.connection,
      greetingTimeout: waits.greeting,
      socketTimeout: waits.socket,
    });
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, ...m, signal: AbortSignal.timeout(waits.send) });
        opts.log.info({ to: m.to, subject: m.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, ...m });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const safeTo = m.to.replace(/[^\w.@-]/g, '_');
      const file = path.join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      opts.log.info({ to: m.to, subject: m.subject, file }, 'mail written to outbox');
    },
  };
}

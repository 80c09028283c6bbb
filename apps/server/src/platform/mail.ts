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

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to DATA_DIR/mail. */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, ...m });
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

import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** One line for the log when no SMTP server is configured. */
  logLine: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** One outbox entry: the whole message as plain text, newest last. */
function outboxEntry(message: MailMessage, at: Date): string {
  const header = `--- ${at.toISOString()}\nTo: ${message.to}\nSubject: ${message.subject}\n\n`;
  return `${header}${message.text.trimEnd()}\n\n`;
}

/**
 * SMTP when configured. Otherwise each mail's line goes to the log whatever LOG_LEVEL says (a quiet
 * level must not leave nobody able to sign in), and, with `outboxFile`, the whole mail is appended
 * to that file (sign-in codes inside, so readable by the owner only).
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  /** A pino logger; the mail line gets a child at info. Anything with only info() prints as is. */
  logger: Pick<FastifyBaseLogger, 'info'> & Partial<Pick<FastifyBaseLogger, 'child'>>;
  outboxFile?: string;
}): Mailer {
  if (!options.smtpUrl) {
    const mailLog =
      options.logger.child?.({ component: 'mail' }, { level: 'info' }) ?? options.logger;
    const outbox = options.outboxFile;
    return {
      async send(message) {
        mailLog.info(`mail to ${message.to}: ${message.logLine}`);
        if (!outbox) return;
        await fs.mkdir(path.dirname(outbox), { recursive: true });
        await fs.appendFile(outbox, outboxEntry(message, new Date()), { mode: 0o600 });
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
    close() {
      transport.close();
    },
  };
}

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

/** SMTP when configured, otherwise the log (so sign-in works out of the box). */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'error'>;
}): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        options.logger.info(`mail to ${message.to}: ${message.logLine}`);
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

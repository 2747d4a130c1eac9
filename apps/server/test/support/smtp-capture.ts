import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
  receivedAt: Date;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port>, suitable for SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  /** Resolves with the 6-digit code of the newest mail to `email` received after the call (or already waiting). */
  waitForCode(email: string, opts?: { timeoutMs?: number }): Promise<string>;
  close(): Promise<void>;
}

const CODE_PATTERN = /\b(\d{6})\b/;

function decodeQuotedPrintable(input: string): string {
  const bytes = input
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Minimal RFC 5322 split: enough for the single-part plain-text mail the server sends. */
export function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  else if (encoding === 'base64')
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { subject: header('Subject'), text };
}

export function extractCode(mail: Pick<CapturedMail, 'subject' | 'text'>): string | undefined {
  return CODE_PATTERN.exec(mail.text)?.[1] ?? CODE_PATTERN.exec(mail.subject)?.[1];
}

/** In-process SMTP server (no auth, no TLS) that records every message it accepts. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const consumed = new WeakSet<CapturedMail>();
  const consumeAll = (address: string) => {
    for (const m of messages) if (m.to.includes(address)) consumed.add(m);
  };
  const waiters = new Set<{ email: string; resolve: (code: string) => void }>();

  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { subject, text } = parseMail(raw);
        const mail: CapturedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          text,
          raw,
          receivedAt: new Date(),
        };
        messages.push(mail);
        const code = extractCode(mail);
        if (code) {
          for (const waiter of [...waiters]) {
            if (mail.to.includes(waiter.email)) {
              waiters.delete(waiter);
              waiter.resolve(code);
            }
          }
        }
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForCode(email, opts = {}) {
      const address = email.trim().toLowerCase();
      // The newest code that already arrived and was not handed out yet counts too.
      for (let i = messages.length - 1; i >= 0; i--) {
        const mail = messages[i]!;
        const code = extractCode(mail);
        if (code && mail.to.includes(address) && !consumed.has(mail)) {
          consumeAll(address);
          return Promise.resolve(code);
        }
      }
      return new Promise<string>((resolve, reject) => {
        const waiter = {
          email: address,
          resolve: (code: string) => {
            clearTimeout(timer);
            consumeAll(address);
            resolve(code);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No code mailed to ${address} within ${opts.timeoutMs ?? 10_000} ms`));
        }, opts.timeoutMs ?? 10_000);
        waiters.add(waiter);
      });
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

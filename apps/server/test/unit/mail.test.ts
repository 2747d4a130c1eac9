import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../src/lib/mail';
import { codeMail } from '../../src/modules/auth/mail-templates';
import { startSmtpCapture } from '../support/smtp-capture';

describe('mailer', () => {
  it('writes the code on the same log line as the recipient when no SMTP is configured', async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      from: 'x@example.com',
      logger: { info: (line: unknown) => lines.push(String(line)) },
    });
    await mailer.send(codeMail('login', 'alice@example.com', '123456', 'http://localhost:3000'));
    expect(lines).toEqual(['mail to alice@example.com: your sign-in code is 123456']);
  });

  it('prints the mail line and fills the outbox even when the log level hides info', async () => {
    for (const level of ['warn', 'silent']) {
      const lines: { level: number; msg: string }[] = [];
      const logger = pino({ level }, { write: (chunk: string) => lines.push(JSON.parse(chunk)) });
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-outbox-'));
      const outboxFile = path.join(dir, 'data', 'outbox.log');
      const mailer = createMailer({ from: 'x@example.com', logger, outboxFile });
      await mailer.send(codeMail('login', 'carol@example.com', '246810', 'http://localhost:3000'));
      await mailer.send(codeMail('login', 'dave@example.com', '135791', 'http://localhost:3000'));

      expect(lines.map((line) => line.msg)).toEqual([
        'mail to carol@example.com: your sign-in code is 246810',
        'mail to dave@example.com: your sign-in code is 135791',
      ]);
      const outbox = fs.readFileSync(outboxFile, 'utf8');
      expect(outbox).toMatch(/^--- \S+\nTo: carol@example\.com\nSubject: .+\n\n[^]*246810/);
      expect(outbox).toContain('To: dave@example.com');
      expect(outbox.indexOf('246810')).toBeLessThan(outbox.indexOf('135791'));
      expect(fs.statSync(outboxFile).mode & 0o777).toBe(0o600);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends through SMTP when configured', async () => {
    const smtp = await startSmtpCapture();
    try {
      const mailer = createMailer({
        smtpUrl: smtp.url,
        from: 'StockSync <no-reply@example.com>',
        logger: console,
      });
      await mailer.send(codeMail('signup', 'bob@example.com', '654321', 'http://localhost:3000'));
      mailer.close();
      expect(await smtp.waitForCode('bob@example.com')).toBe('654321');
      expect(smtp.messages[0]).toMatchObject({
        from: 'no-reply@example.com',
        to: ['bob@example.com'],
      });
      expect(smtp.messages[0]!.text).toContain('expires in 10 minutes');
    } finally {
      await smtp.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createMailer } from '../../src/lib/mail';
import { codeMail } from '../../src/modules/auth/mail-templates';
import { startSmtpCapture } from '../support/smtp-capture';

describe('mailer', () => {
  it('writes the code on the same log line as the recipient when no SMTP is configured', async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      from: 'x@example.com',
      logger: { info: (line: unknown) => lines.push(String(line)), error: () => undefined },
    });
    await mailer.send(codeMail('login', 'alice@example.com', '123456', 'http://localhost:3000'));
    expect(lines).toEqual(['mail to alice@example.com: your sign-in code is 123456']);
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

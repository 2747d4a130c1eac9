import type { MailMessage } from '../../lib/mail';

export type CodePurpose = 'login' | 'signup';

/** Sign-up and sign-in mails differ only in wording. */
export function codeMail(
  purpose: CodePurpose,
  to: string,
  code: string,
  appUrl: string,
): MailMessage {
  const intro =
    purpose === 'signup'
      ? 'Welcome to StockSync! Use this code to confirm your e-mail address and create your account:'
      : 'Use this code to sign in to StockSync:';
  return {
    to,
    subject:
      purpose === 'signup'
        ? `Your StockSync sign-up code: ${code}`
        : `Your StockSync sign-in code: ${code}`,
    text: [
      intro,
      '',
      `    ${code}`,
      '',
      'The code expires in 10 minutes. If you did not ask for it, you can ignore this mail.',
      '',
      appUrl,
    ].join('\n'),
    logLine: `your ${purpose === 'signup' ? 'sign-up' : 'sign-in'} code is ${code}`,
  };
}

import { INVITATION_TTL_DAYS, type InvitableRole } from '@stocksync/contract';
import type { MailMessage } from '../../lib/mail';

/** The invitation mail: who invites, to what, and the link (the only place the token is). */
export function invitationMail(input: {
  to: string;
  organizationName: string;
  role: InvitableRole;
  inviterEmail: string | null;
  link: string;
}): MailMessage {
  const by = input.inviterEmail ? `${input.inviterEmail} invited you` : 'You are invited';
  return {
    to: input.to,
    subject: `Join ${input.organizationName} on StockSync`,
    text: [
      `${by} to join ${input.organizationName} on StockSync as ${input.role === 'admin' ? 'an' : 'a'} ${input.role}.`,
      '',
      'Open this link to accept (you can sign up with this address if you have no account):',
      '',
      input.link,
      '',
      `The link works once and expires in ${INVITATION_TTL_DAYS} days. If you did not expect it, you can ignore this mail.`,
    ].join('\n'),
    logLine: `invitation to ${input.organizationName}: ${input.link}`,
  };
}

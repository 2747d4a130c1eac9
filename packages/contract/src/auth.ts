import { z } from 'zod';
import { userSchema } from './users';

export const authMessages = {
  codeSent: 'If the address can receive mail, a code is on its way.',
  invalidEmail: 'Please enter a valid e-mail address',
  invalidCode: 'Invalid code',
  /** After the last wrong try a code allows: only a new code helps. */
  codeTriesUsed: 'Too many wrong codes. Please request a new code.',
  tooManyCodes: 'Too many codes requested for this address. Please wait and try again.',
  codeFormat: 'The code has 6 digits',
  emailRequired: 'Please enter your e-mail address',
  unauthorized: 'Unauthorized',
  invitationInvalid: 'This invitation link is not valid',
} as const;

/** Cookie and header names shared by server and web. */
export const AUTH_COOKIES = {
  pendingEmail: 'pending_email',
  refreshToken: 'refresh_token',
  /** Set when a code was verified: this browser is not held back by strangers' code requests. */
  knownBrowser: 'known_browser',
} as const;
export const ACCESS_TOKEN_HEADER = 'access-token';

export const emailSchema = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .max(254, authMessages.invalidEmail)
  .pipe(z.email({ error: authMessages.invalidEmail }))
  .transform((email) => email.toLowerCase());

export const requestCodeBodySchema = z.object({ email: emailSchema });
export type RequestCodeBody = z.input<typeof requestCodeBodySchema>;

export const requestCodeResponseSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
});
export type RequestCodeResponse = z.infer<typeof requestCodeResponseSchema>;

export const codeSchema = z
  .string({ error: authMessages.codeFormat })
  .trim()
  .regex(/^\d{6}$/, authMessages.codeFormat);

/** The secret of an invitation link (issue 24); base64url, 43 characters. */
export const invitationTokenSchema = z
  .string({ error: authMessages.invitationInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, authMessages.invitationInvalid);

export const verifyBodySchema = z.object({
  email: emailSchema.optional().describe('Needed only when the pending_email cookie is absent'),
  code: codeSchema,
  invitation: invitationTokenSchema
    .optional()
    .describe(
      "Signing up from an invitation link: a new account joins the link's organisation instead of getting an empty one of its own",
    ),
});
export type VerifyBody = z.input<typeof verifyBodySchema>;

export const verifyResponseSchema = z.object({
  error: z.literal(''),
  access_token: z.string(),
  user: userSchema,
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

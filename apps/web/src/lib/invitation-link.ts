/** The path an invitation mail links to (issue 24); the server builds the same. */
export const invitationPath = (token: string) => `/invitations/accept?token=${token}`;

/** The invitation token of an accept-screen path, if it is one (sign-up passes it on). */
export function invitationTokenOf(path: string | undefined): string | undefined {
  if (!path?.startsWith('/invitations/accept?')) return undefined;
  return new URLSearchParams(path.slice(path.indexOf('?'))).get('token') ?? undefined;
}

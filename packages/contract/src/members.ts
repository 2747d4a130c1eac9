import { z } from 'zod';
import { authMessages, emailSchema, invitationTokenSchema } from './auth';
import { roleSchema } from './organizations';

/* Members and invitations (issue 24). */

export const memberMessages = {
  notMember: 'No such member in this organisation',
  ownerRoleFixed: "The owner's role changes only by transferring ownership",
  ownerNotRemovable: 'The owner cannot be removed: transfer ownership to another member first',
  ownerCannotLeave: 'You are the owner: transfer ownership to another member before leaving',
  useTransfer: 'To make someone the owner, transfer ownership to them',
  transferToSelf: 'You are the owner already',
  invalidUserId: 'userId must be a user id',
} as const;

export const invitationMessages = {
  roleInvalid: 'role must be admin, member or viewer',
  alreadyMember: (email: string) => `${email} is already a member of this organisation`,
  notFound: authMessages.invitationInvalid,
  expired: 'This invitation has expired. Ask for a new one.',
  used: 'This invitation was already used',
  revoked: 'This invitation was withdrawn or replaced by a newer one. Ask for a new one.',
  wrongEmail: (email: string) =>
    `This invitation is for ${email}. Sign in with that address to accept it.`,
  youAreMember: 'You are already a member of this organisation',
  tooManyForOrganization: 'Too many invitations sent in the last hour. Please try again later.',
  tooManyForEmail: 'This address was invited several times in the last hour. Please try later.',
  invalidId: 'invitationId must be an invitation id',
} as const;

/** Roles an invitation can give: ownership is only ever transferred. */
export const invitableRoles = ['admin', 'member', 'viewer'] as const;
export const invitableRoleSchema = z.enum(invitableRoles, {
  error: invitationMessages.roleInvalid,
});
export type InvitableRole = z.infer<typeof invitableRoleSchema>;

/** A link is valid this long. */
export const INVITATION_TTL_DAYS = 7;

export const memberSchema = z.object({
  user_id: z.uuid(),
  email: z.string(),
  role: roleSchema,
  joined_at: z.string().describe('ISO 8601 time'),
});
export type Member = z.infer<typeof memberSchema>;

export const listMembersResponseSchema = z.object({ members: z.array(memberSchema) });
export type ListMembersResponse = z.infer<typeof listMembersResponseSchema>;

export const memberParamsSchema = z.object({
  id: z.uuid({ error: 'Invalid organization id' }),
  userId: z.uuid({ error: memberMessages.invalidUserId }),
});

export const changeRoleBodySchema = z.object({
  role: z.enum(['owner', ...invitableRoles], { error: invitationMessages.roleInvalid }),
});
export type ChangeRoleBody = z.infer<typeof changeRoleBodySchema>;

export const transferOwnershipBodySchema = z.object({
  userId: z.uuid({ error: memberMessages.invalidUserId }),
});
export type TransferOwnershipBody = z.infer<typeof transferOwnershipBodySchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: invitableRoleSchema,
  invited_by_email: z.string().nullable().describe('null when the inviter is gone'),
  created_at: z.string().describe('ISO 8601 time'),
  expires_at: z.string().describe('ISO 8601 time'),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const listInvitationsResponseSchema = z.object({
  invitations: z.array(invitationSchema).describe('Open invitations, newest first'),
});
export type ListInvitationsResponse = z.infer<typeof listInvitationsResponseSchema>;

export const createInvitationBodySchema = z.object({
  email: emailSchema,
  role: invitableRoleSchema,
});
export type CreateInvitationBody = z.input<typeof createInvitationBodySchema>;

export const invitationParamsSchema = z.object({
  id: z.uuid({ error: 'Invalid organization id' }),
  invitationId: z.uuid({ error: invitationMessages.invalidId }),
});

export const invitationTokenBodySchema = z.object({ token: invitationTokenSchema });
export type InvitationTokenBody = z.infer<typeof invitationTokenBodySchema>;

/** What the accept screen shows before the invitee signs in. */
export const invitationPreviewSchema = z.object({
  organization_name: z.string(),
  email: z.string(),
  role: invitableRoleSchema,
  expires_at: z.string().describe('ISO 8601 time'),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptInvitationResponseSchema = z.object({
  organization: z.object({ id: z.uuid(), name: z.string(), role: roleSchema }),
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;

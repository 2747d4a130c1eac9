import { roles, type Role } from './organizations';

/*
 * Who may call what (issue 24), written once: every operation of the OpenAPI document, by its
 * operationId, names the weakest role allowed to call it. Roles are ordered (owner > admin >
 * member > viewer), so a role may call what it or any weaker role may. The server enforces this
 * table for every organisation-scoped route (plugins/roles.ts); the web reads it to hide or
 * disable what the signed-in member cannot do. An operation missing here is refused to every role
 * but the owner, and the role matrix test fails.
 *
 * - owner: everything, including billing changes and transferring ownership;
 * - admin: everything else: connections, members and invitations, organisation settings;
 * - member: inventory, products, costs, SKUs, imports, sync toggles;
 * - viewer: reads only (previews included).
 * `public` needs no sign-in; `signed_in` needs a user but no organisation.
 */
export type Access = 'public' | 'signed_in' | Role;

export const operationAccess = {
  getV1Health: 'public',
  postV1AuthSignup: 'public',
  postV1AuthLogin: 'public',
  postV1AuthVerify: 'public',
  postV1AuthLogout: 'public',
  getV1UsersMe: 'signed_in',
  postV1UsersOnboard: 'signed_in',
  getV1Organizations: 'signed_in',
  postV1Organizations: 'signed_in',
  getV1OrganizationsCurrent: 'viewer',
  patchV1OrganizationsById: 'admin',
  getV1OrganizationsByIdMembers: 'viewer',
  patchV1OrganizationsByIdMembersByUserId: 'admin',
  deleteV1OrganizationsByIdMembersByUserId: 'admin',
  postV1OrganizationsByIdLeave: 'viewer',
  postV1OrganizationsByIdTransferOwnership: 'owner',
  getV1OrganizationsByIdInvitations: 'admin',
  postV1OrganizationsByIdInvitations: 'admin',
  deleteV1OrganizationsByIdInvitationsByInvitationId: 'admin',
  postV1InvitationsAccept: 'signed_in',
  postV1InvitationsPreview: 'public',
  getV1Products: 'viewer',
  getV1ProductsExportCsv: 'viewer',
  getV1ProductsById: 'viewer',
  postV1ProductsSync: 'member',
  postV1VariantsCost: 'member',
  postV1VariantsQuantity: 'member',
  getV1ProductsByIdListings: 'viewer',
  getV1ProductsByIdLedger: 'viewer',
  getV1ProductsByIdSource: 'viewer',
  putV1ProductsByIdSource: 'member',
  // Previews change nothing: reads.
  postV1ProductsSyncPreview: 'viewer',
  postV1SyncReconcile: 'member',
  getV1UsersSkuSettings: 'viewer',
  putV1UsersSkuSettings: 'member',
  postV1UsersSkuSettingsPreview: 'viewer',
  postV1UsersSkuSettingsGenerate: 'member',
  postV1VariantsSku: 'member',
  postV1SkuWritebackPreview: 'viewer',
  postV1SkuWriteback: 'member',
  getV1SkuConflicts: 'viewer',
  postV1SkuConflictsFixesPreview: 'viewer',
  postV1SkuConflictsFixes: 'member',
  postV1ListingsByIdLink: 'member',
  postV1ListingsByIdUnlink: 'member',
  getV1ActivityLogs: 'viewer',
  // Entries say who did what: members cannot erase their own.
  deleteV1ActivityLogs: 'admin',
  deleteV1ActivityLogsById: 'admin',
  getV1Platforms: 'viewer',
  getV1PlatformsShopifyAlias: 'viewer',
  getV1PlatformsShopifyById: 'viewer',
  getV1PlatformsEbayAlias: 'viewer',
  getV1PlatformsEbayById: 'viewer',
  getV1PlatformsTiktokAlias: 'viewer',
  getV1PlatformsTiktokById: 'viewer',
  postV1SyncToggle: 'member',
  postV1PlatformsShopify: 'admin',
  getV1PlatformsShopifyInstall: 'public',
  postV1PlatformsShopifyCallback: 'signed_in',
  getV1PlatformsEbayOauthGetUrl: 'admin',
  postV1PlatformsEbayOauth: 'signed_in',
  getV1PlatformsTiktokOauthGetUrl: 'admin',
  postV1PlatformsTiktokOauth: 'signed_in',
  deleteV1PlatformsById: 'admin',
  getV1Sandbox: 'signed_in',
  getV1ConnectionsByIdSandboxListings: 'viewer',
  postV1ConnectionsByIdSandboxSale: 'admin',
  postV1ConnectionsByIdSandboxStock: 'admin',
  getV1PlatformsProducts: 'viewer',
  postV1ImportByPlatform: 'member',
  getV1ImportsById: 'viewer',
  getV1Imports: 'viewer',
  postV1ImportsByIdUndo: 'member',
  getV1Events: 'viewer',
  getV1AnalyticsSummary: 'viewer',
  postV1WebhooksShopify: 'public',
  postV1WebhooksTiktok: 'public',
  getV1WebhooksEbayAccountDeletion: 'public',
  postV1WebhooksEbayAccountDeletion: 'public',
  postV1WebhooksStripe: 'public',
  getV1SubscriptionsPlans: 'viewer',
  getV1UsersSubscription: 'viewer',
  getV1SubscriptionsGated: 'viewer',
  getV1SubscriptionsShopifySessions: 'admin',
  postV1SubscriptionsStripeCheckout: 'owner',
  postV1SubscriptionsStripePortal: 'owner',
  postV1SubscriptionsStripeSync: 'owner',
  postV1SubscriptionsShopifyReconnect: 'owner',
  postV1SubscriptionsShopifySync: 'owner',
} as const satisfies Record<string, Access>;

export type OperationId = keyof typeof operationAccess;

/** The access an operation needs; an unknown one is the owner's alone (fail closed). */
export function accessOf(operationId: string): Access {
  return (operationAccess as Record<string, Access>)[operationId] ?? 'owner';
}

const rank = (role: Role) => roles.length - roles.indexOf(role);

/** Whether `role` is `needed` or stronger. */
export function roleAtLeast(role: Role, needed: Role): boolean {
  return rank(role) >= rank(needed);
}

/** Whether a member with `role` may call the operation. */
export function roleCan(role: Role, operationId: OperationId): boolean {
  const access = accessOf(operationId);
  return access === 'public' || access === 'signed_in' || roleAtLeast(role, access);
}

const disabledReasons: Record<Role, string> = {
  owner: 'Only the owner of the organisation can do this',
  admin: 'Only admins and the owner can do this',
  member: 'Viewers can only look: this needs the member role or higher',
  viewer: '',
};

export const roleMessages = {
  /** The 403 of an operation the caller's role may not call. */
  required: (needed: Role, yours: Role) =>
    `This needs the ${needed} role${needed === 'owner' ? '' : ' or higher'}; your role here is ${yours}.`,
  /** Beside a control the web disables. */
  disabled: (needed: Role) => disabledReasons[needed],
} as const;

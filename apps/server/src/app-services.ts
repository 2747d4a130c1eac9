import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './lib/clock';
import type { Keys } from './lib/crypto';
import type { Mailer } from './lib/mail';
import type { AppConfig, AppDeps } from './app-options';
import { PgListener } from './db/listener';
import { ActivityService } from './modules/activity/service';
import { AnalyticsService } from './modules/analytics/service';
import { AuthService, DEFAULT_AUTH_LIMITS } from './modules/auth/service';
import { BillingService } from './modules/billing/service';
import { CatalogService } from './modules/catalog/service';
import { SkuService } from './modules/catalog/sku-service';
import { ConnectionsService } from './modules/connections/service';
import { ImportsService } from './modules/imports/service';
import { InvitationsService } from './modules/invitations/service';
import { MembershipChanges } from './modules/organizations/membership-changes';
import { MembersService } from './modules/organizations/members-service';
import { OrganizationsService } from './modules/organizations/service';
import { DEFAULT_SYNC_SETTINGS, SyncService } from './modules/sync/service';
import { UsersService } from './modules/users/service';
import { WebhooksService } from './modules/webhooks/service';

export interface AppServices {
  auth: AuthService;
  users: UsersService;
  organizations: OrganizationsService;
  members: MembersService;
  invitations: InvitationsService;
  /** This process's LISTEN connection and the membership changes heard on it (null: no DB URL). */
  pgListener: PgListener | null;
  membershipChanges: MembershipChanges | null;
  activity: ActivityService;
  catalog: CatalogService;
  skus: SkuService;
  connections: ConnectionsService;
  imports: ImportsService;
  webhooks: WebhooksService;
  billing: BillingService;
  sync: SyncService;
  analytics: AnalyticsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** What every service may need from the process: built once by buildApp. */
export interface ServiceBasics {
  keys: Keys;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Builds each module's service, handing every one the services it calls. */
export function buildServices(
  config: AppConfig,
  deps: AppDeps,
  { keys, clock, mailer, log }: ServiceBasics,
): AppServices {
  // The process's one LISTEN connection (live events, membership changes).
  const pgListener = deps.databaseUrl
    ? new PgListener({ connectionString: deps.databaseUrl })
    : null;
  const membershipChanges = pgListener ? new MembershipChanges(pgListener) : null;
  const organizations = new OrganizationsService(deps.db, clock, membershipChanges ?? undefined);
  const members = new MembersService(deps.db, clock, membershipChanges ?? undefined);
  const users = new UsersService(deps.db, organizations);
  const invitations = new InvitationsService(deps.db, {
    clock,
    keys,
    mailer,
    appUrl: config.APP_URL,
    members,
    organizations,
    users,
    // Billing counts pending invitations, so it is built after them; an accept asks it later.
    checkRoom: (organizationId, membersNow): Promise<void> =>
      billing.checkJoining(organizationId, membersNow),
  });
  const auth = new AuthService(deps.db, {
    keys,
    clock,
    mailer,
    users,
    organizations,
    invitations,
    appUrl: config.APP_URL,
    log,
    limits: {
      ...DEFAULT_AUTH_LIMITS,
      perIp: config.AUTH_CODE_REQUESTS_PER_IP ?? DEFAULT_AUTH_LIMITS.perIp,
    },
  });
  const activity = new ActivityService(deps.db, clock);
  const catalog = new CatalogService(deps.db, clock, activity);
  const skus = new SkuService(deps.db, clock, activity);
  const connections = new ConnectionsService(
    deps.db,
    clock,
    keys,
    deps.channels ?? null,
    activity,
    config.APP_URL,
    organizations,
  );
  const sync = new SyncService(deps.db, clock, connections, activity, {
    ...DEFAULT_SYNC_SETTINGS,
    ...(config.SYNC_ORDER_POLL_SECONDS
      ? { pollIntervalMs: config.SYNC_ORDER_POLL_SECONDS * 1000 }
      : {}),
    ...(config.SYNC_DRIFT_SETTLE_SECONDS !== undefined
      ? { driftSettleMs: config.SYNC_DRIFT_SETTLE_SECONDS * 1000 }
      : {}),
    changesIntervalMs: {
      shopify: (config.SYNC_SHOPIFY_CHANGES_SECONDS ?? 60) * 1000,
      ebay: (config.SYNC_EBAY_CHANGES_SECONDS ?? 240) * 1000,
    },
    ...deps.syncSettings,
  });
  // An import opted in to SKU write-back hands its generated SKUs to sync's write-back.
  const imports = new ImportsService(deps.db, clock, connections, skus, activity, {
    writeback: sync.skuWriteback,
  });
  const billing = new BillingService({
    db: deps.db,
    clock,
    connections,
    organizations,
    catalog,
    members,
    seatsAfterInviting: (organizationId, email) =>
      invitations.seatsAfterInviting(organizationId, email),
    stripe: deps.stripe ?? null,
    appUrl: config.APP_URL,
  });
  const webhooks = new WebhooksService(deps.db, clock, connections, activity, sync, billing);
  return {
    auth,
    users,
    organizations,
    members,
    invitations,
    pgListener,
    membershipChanges,
    activity,
    catalog,
    skus,
    connections,
    imports,
    webhooks,
    billing,
    sync,
    analytics: new AnalyticsService(deps.db, clock),
  };
}

import type { FastifyInstance } from 'fastify';
import type { AppConfig, AppDeps } from './app-options';
import type { AppServices } from './app-services';
import type { Analytics } from './lib/observability';
import { activityRoutes } from './modules/activity/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { authRoutes } from './modules/auth/routes';
import { billingRoutes } from './modules/billing/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { productSourceRoutes } from './modules/catalog/product-source-routes';
import { skuRoutes } from './modules/catalog/sku-routes';
import { connectionsRoutes } from './modules/connections/routes';
import { registerLiveEvents } from './modules/events/register';
import { sandboxRoutes } from './modules/connections/sandbox-routes';
import { SandboxControlService } from './modules/connections/sandbox-service';
import { healthRoutes } from './modules/health/routes';
import { importsRoutes } from './modules/imports/routes';
import { invitationsRoutes } from './modules/invitations/routes';
import { membersRoutes } from './modules/organizations/members-routes';
import { organizationsRoutes } from './modules/organizations/routes';
import { syncRoutes } from './modules/sync/routes';
import { skuWritebackRoutes } from './modules/sync/sku-writeback/routes';
import { skuConflictRoutes } from './modules/sync/sku-conflicts/routes';
import { listingLinkRoutes } from './modules/sync/sku-conflicts/link-routes';
import { SkuConflictFixes } from './modules/sync/sku-conflicts/fixes-service';
import { ListingLinks } from './modules/sync/sku-conflicts/links';
import { systemClock } from './lib/clock';
import { usersRoutes } from './modules/users/routes';
import { webhooksRoutes } from './modules/webhooks/routes';
import type { CookiePolicy } from './plugins/cookies';

/** Every module's routes, each given the services it calls. */
export async function registerRoutes(
  app: FastifyInstance,
  config: AppConfig,
  deps: AppDeps,
  services: AppServices,
  { cookiePolicy, analytics }: { cookiePolicy: CookiePolicy; analytics: Analytics },
): Promise<void> {
  const { auth, users, organizations, catalog, skus, activity, connections } = services;
  const { imports, sync, webhooks, billing } = services;
  await app.register(healthRoutes(deps.db));
  await app.register(authRoutes(auth, cookiePolicy, analytics, config.AUTH_VERIFY_ATTEMPTS_PER_IP));
  await app.register(usersRoutes(users, organizations));
  await app.register(organizationsRoutes(organizations));
  await app.register(membersRoutes(services.members));
  await app.register(invitationsRoutes(services.invitations));
  await app.register(catalogRoutes(catalog, sync));
  await app.register(productSourceRoutes(catalog.sources));
  await app.register(skuRoutes(skus));
  await app.register(activityRoutes(activity));
  await app.register(connectionsRoutes(connections, sync));
  // Sandbox mode only: simulated sales and stock edits on emulator accounts (404 otherwise).
  const sandboxControls = new SandboxControlService(deps.db, connections, deps.channels ?? null);
  await app.register(sandboxRoutes(sandboxControls));
  await app.register(importsRoutes(imports));
  await app.register(syncRoutes(sync));
  await app.register(skuWritebackRoutes(sync.skuWriteback));
  const linksContext = { db: deps.db, clock: deps.clock ?? systemClock, activity };
  const links = new ListingLinks(linksContext);
  const fixes = new SkuConflictFixes(linksContext, skus, sync.skuWriteback, links);
  await app.register(skuConflictRoutes(fixes));
  await app.register(listingLinkRoutes(links));
  await app.register(webhooksRoutes(webhooks));
  await app.register(billingRoutes(billing));
  await registerLiveEvents(app, deps);
  await app.register(analyticsRoutes(services.analytics));
}

import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-options';
import { DEFAULT_LIVE_EVENT_SETTINGS } from './hub';
import { eventsRoutes } from './routes';
import { LiveEventsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live updates (GET /v1/events). */
    liveEvents: LiveEventsService;
  }
}

/**
 * GET /v1/events, its streams fed by polling the kept events (ADR 0048). Streams are ended before
 * the server closes, which would otherwise wait for them.
 */
export async function registerLiveEvents(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const service = new LiveEventsService(
    deps.db,
    { ...DEFAULT_LIVE_EVENT_SETTINGS, ...deps.liveEvents },
    app.log,
  );
  app.decorate('liveEvents', service);
  app.services.membershipChanges?.subscribe({
    changed: (organizationId, userId) => service.hub.membershipChanged(organizationId, userId),
    // Membership changes may have been missed while the LISTEN connection was down: every stream
    // ends, and clients reconnect (only members are let back) and resume.
    gap: () => void service.hub.closeAll(),
  });
  app.addHook('preClose', async () => service.hub.closeAll());
  await app.register(eventsRoutes(service.hub));
}

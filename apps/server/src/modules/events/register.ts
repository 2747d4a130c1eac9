import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-options';
import { DEFAULT_LIVE_EVENT_SETTINGS } from './hub';
import { eventsRoutes } from './routes';
import { LiveEventsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live updates; null when the app was built without a database URL to LISTEN on. */
    liveEvents: LiveEventsService | null;
  }
}

/**
 * GET /v1/events on this process's one LISTEN connection (app-services.ts). Streams are ended
 * before the server closes, which would otherwise wait for them.
 */
export async function registerLiveEvents(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const listener = app.services.pgListener;
  if (!listener) {
    app.decorate('liveEvents', null);
    return;
  }
  const service = new LiveEventsService(
    deps.db,
    listener,
    { ...DEFAULT_LIVE_EVENT_SETTINGS, ...deps.liveEvents },
    app.log,
  );
  app.decorate('liveEvents', service);
  app.services.membershipChanges?.subscribe({
    changed: (organizationId, userId) => service.hub.membershipChanged(organizationId, userId),
    // Changes missed while the connection was down: the hub ends every stream itself then.
    gap: () => undefined,
  });
  app.addHook('preClose', async () => service.hub.closeAll());
  await app.register(eventsRoutes(service.hub));
}

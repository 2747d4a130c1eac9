import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-options';
import { PgListener } from '../../db/listener';
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
 * GET /v1/events and this process's one LISTEN connection (opened by the first stream). Streams
 * are ended before the server closes, which would otherwise wait for them.
 */
export async function registerLiveEvents(app: FastifyInstance, deps: AppDeps): Promise<void> {
  if (!deps.databaseUrl) {
    app.decorate('liveEvents', null);
    return;
  }
  const listener = new PgListener({ connectionString: deps.databaseUrl });
  const service = new LiveEventsService(
    deps.db,
    listener,
    { ...DEFAULT_LIVE_EVENT_SETTINGS, ...deps.liveEvents },
    app.log,
  );
  app.decorate('liveEvents', service);
  app.addHook('preClose', async () => service.hub.closeAll());
  app.addHook('onClose', async () => listener.close());
  await app.register(eventsRoutes(service.hub));
}

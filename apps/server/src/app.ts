import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_WEB_DIST, type AppConfig, type AppDeps } from './app-options';
import { registerPlugins } from './app-plugins';
import { registerRoutes } from './app-routes';
import { buildServices } from './app-services';
import { systemClock } from './lib/clock';
import { deriveKeys } from './lib/crypto';
import { createMailer } from './lib/mail';
import { redactingLoggerOptions } from './lib/log-redaction';
import { noAnalytics } from './lib/observability';
import { registerErrorHandler } from './plugins/error-handler';
import { registerStrictJsonBodies } from './plugins/json-body';
import { registerNulGuard } from './plugins/nul-guard';
import { frameworkErrorReply, registerJsonNotFound } from './plugins/router-errors';
import { serializerCompiler } from './plugins/serializer';
import { registerStaticWeb } from './plugins/static-web';

/** Builds the HTTP app: plugins, then modules, then the web build. Used by main and by tests. */
export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger
      ? { loggerInstance: deps.logger }
      : { logger: deps.logger === false ? false : redactingLoggerOptions(config.LOG_LEVEL) }),
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorReply,
    trustProxy: config.TRUST_PROXY ?? false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerStrictJsonBodies(app);
  registerNulGuard(app);

  const keys = deriveKeys(config.APP_SECRET);
  const clock = deps.clock ?? systemClock;
  const analytics = deps.analytics ?? noAnalytics;
  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger: app.log });
  if (!deps.mailer) app.addHook('onClose', async () => mailer.close());
  const cookiePolicy = { secure: config.APP_URL.startsWith('https://') };
  const webDist = deps.webDist ?? DEFAULT_WEB_DIST;

  const services = buildServices(config, deps, { keys, clock, mailer, log: app.log });
  app.decorate('services', services);
  const { membershipChanges } = services;
  if (membershipChanges) {
    await membershipChanges.start();
    app.addHook('onClose', async () => membershipChanges.stop());
  }
  if (services.pgListener) {
    const { pgListener } = services;
    app.addHook('onClose', async () => pgListener.close());
  }
  await registerPlugins(app, config, { keys, services, cookiePolicy, webDist });
  await registerRoutes(app, config, deps, services, { cookiePolicy, analytics });

  if (!(webDist && (await registerStaticWeb(app, webDist)))) registerJsonNotFound(app);
  return app;
}

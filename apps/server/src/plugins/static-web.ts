import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorMessages } from '@stocksync/contract';

/**
 * Vite puts content-hashed files under assets/; they never change, so browsers may keep them.
 * The build's brotli and gzip copies (.br, .gz) are the same files.
 */
const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;
/** Source maps stay on the server (error reporting); the public never gets them. */
const SOURCE_MAP = /\.map$/i;

/**
 * Serves the built SPA from `root` and answers other GET requests outside /v1 and /docs with
 * index.html so client-side routes survive a reload.
 */
export async function registerStaticWeb(app: FastifyInstance, root: string): Promise<boolean> {
  if (!fs.existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: ['index.html'],
    // The build writes .br and .gz copies (apps/web/vite.config.ts); send the one the browser takes.
    preCompressed: true,
    allowedPath: (pathName) => !SOURCE_MAP.test(pathName),
    setHeaders(reply, filePath) {
      if (HASHED_ASSET.test(filePath.replaceAll(path.sep, '/'))) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('cache-control', 'no-cache');
      }
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = url === '/v1' || url.startsWith('/v1/') || url.startsWith('/docs');
    // A missing build file must not be answered with HTML.
    const isAsset = url.startsWith('/assets/') || SOURCE_MAP.test(url);
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi && !isAsset) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: errorMessages.notFound });
  });
  return true;
}

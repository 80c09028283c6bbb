import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MSG } from '@cutroom/domain';
import { makePublic } from './auth.js';

/** Serves the built web app; any other GET outside /api answers index.html for the client router. */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const index = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(index);
  if (hasBuild) {
    app.addHook('onRoute', makePublic);
    await app.register(fastifyStatic, {
      root: distDir,
      // Files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: 'index.html',
      // The build writes file.br and file.gz beside each text file (apps/web/precompress.ts); the one the
      // browser accepts is sent as is, with Vary: Accept-Encoding, so replies are never compressed per request.
      preCompressed: true,
      setHeaders(res, file) {
        // Vite fingerprints assets (and their .br/.gz copies), so they can be cached for good; index.html never.
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && request.headers.accept?.includes('text/html');
    if (isPage && hasBuild) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ error_message: MSG.notFound, code: 'NOT_FOUND' });
  });
}

// Serves the built client: hashed assets with immutable caching, and index.html for every client route.
// API and media paths that match nothing answer a JSON 404 instead.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { buildDocumentSecurityHeaders } from './security.ts';

export const CLIENT_DIST_DIR = path.resolve(import.meta.dirname, '../../../dist/client');
const API_PREFIXES = ['/api/', '/media/', '/.well-known/'];

/** clientDir null: API only (tests), unknown pages answer 503. */
export async function registerSpa(
  app: FastifyInstance,
  config: Config,
  clientDir: string | null = CLIENT_DIST_DIR,
): Promise<void> {
  const documentHeaders = buildDocumentSecurityHeaders(config);
  const indexPath = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const indexHtml = indexPath && fs.existsSync(indexPath) ? fs.readFileSync(indexPath) : undefined;

  if (clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (vite.config.ts); they are sent as they are.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
        if (/\.html(\.br|\.gz)?$/.test(filePath)) reply.headers(documentHeaders);
      },
    });
  }

  // Unknown API paths count against the rate limit too, so scanning them is no free lunch.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!wantsPage || API_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || pathname === '/api') {
      return reply
        .status(404)
        .send({ success: false, message: `No endpoint at ${request.method} ${pathname}`, code: 'not-found' });
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web client is not built yet. Run `npm start`, which builds it.');
    }
    return reply
      .headers(documentHeaders)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  });
}

// OpenAPI generated from the routes' zod schemas, served with a browsable UI at /api/docs and as JSON at
// /api/docs/json. Both only where config.apiDocs says so: not in production unless API_DOCS=true (decision 0049).
// What each operation says beyond its schemas is derived in openapi-operations.ts (decision 0083).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { SECURITY_SCHEMES, transformDocument, transformOperation } from './openapi-operations.ts';

export async function registerOpenApi(app: FastifyInstance, config: Pick<Config, 'apiDocs'>): Promise<void> {
  if (!config.apiDocs) return;
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Lootklip API',
        description: 'Products, klips, offers, the Loot Box and accounts of the Lootklip marketplace.',
        version: '1',
      },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: transformOperation,
    transformObject: transformDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

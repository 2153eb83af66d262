// OpenAPI generated from the routes' zod schemas, served with a browsable UI at /api/docs and as JSON at
// /api/docs/json. Both only where config.apiDocs says so: not in production unless API_DOCS=true (decision 0049).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';

export async function registerOpenApi(app: FastifyInstance, config: Pick<Config, 'apiDocs'>): Promise<void> {
  if (!config.apiDocs) return;
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Lootklip API',
        description: 'Products, klips, offers, the Loot Box and accounts of the Lootklip marketplace.',
        version: '1',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

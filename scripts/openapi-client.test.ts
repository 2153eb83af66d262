// The committed client types are the ones the routes declare now (decision 0083): a route changed without
// `npm run openapi:client` fails here, naming the command.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, GENERATED_TYPES, renderOpenApiTypes } from './openapi-client.ts';

describe('openapi:client', () => {
  it('has generated the committed types from the current API document', async () => {
    const generated = await renderOpenApiTypes(await buildOpenApiDocument());
    const committed = fs.existsSync(GENERATED_TYPES) ? fs.readFileSync(GENERATED_TYPES, 'utf8') : '';
    expect(committed, 'src/shared/api/openapi.generated.ts is stale: run npm run openapi:client').toBe(
      generated,
    );
  });
});

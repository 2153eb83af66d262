// The klip type of GET and POST /api/v1/content (docs/product.md "Content", "Klip"), registered with the content
// module: active klips for everyone (cached like products; every klip write clears the cache), and creating one
// with `{type: 'klip', title, description, tags, productId, videoId}` in the content module's transaction.
import type { ContentRegistry } from '../content/content.service.ts';
import { KLIP_BODY_LIMIT_BYTES } from './klips.routes.ts';
import type { KlipsService } from './klips.service.ts';

export function registerKlipContent(content: ContentRegistry, klips: KlipsService): void {
  content.register('klip', {
    list: (query, reader) => klips.list(query, reader),
    cacheLists: true,
    create: {
      bodyLimitBytes: KLIP_BODY_LIMIT_BYTES,
      async create(userId, body, tx) {
        return { klip: await klips.create(userId, body, tx) };
      },
    },
  });
}

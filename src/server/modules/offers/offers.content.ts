// The offer type of GET and POST /api/v1/content (docs/product.md "Content", "Offers API"), registered with the
// content module: offers active now (for everyone; cached until the next start or end of any offer), and creating
// one with `{type: 'offer', status: 'active', metadata}`.
import type { ContentRegistry } from '../content/content.service.ts';
import type { OfferSchedule } from './offer-schedule.ts';
import { OFFER_BODY_LIMIT_BYTES } from './offers.routes.ts';
import type { OffersService } from './offers.service.ts';

export function registerOfferContent(
  content: ContentRegistry,
  offers: OffersService,
  schedule: Pick<OfferSchedule, 'nextChange' | 'forget'>,
): void {
  content.register('offer', {
    list: (query, reader) => offers.list(query, reader),
    cacheLists: true,
    // A cached page of offers active now stops being true when any offer starts or ends.
    cacheUntil: () => schedule.nextChange(),
    create: {
      bodyLimitBytes: OFFER_BODY_LIMIT_BYTES,
      async create(userId, { metadata }, tx) {
        return { offer: await offers.create(userId, metadata, tx) };
      },
      // The service forgot the next start or end inside the transaction; a list read before the commit may have
      // asked again and remembered one without this offer.
      committed: () => schedule.forget(),
    },
  });
}

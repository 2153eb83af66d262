// A shared Loot Box (docs/product.md "Shared Loot Box", route /shared-lootbox?products=...): public. The products
// of the link at today's prices with the total, each with its seller's contact options (the products feature's
// contact dialog), and 'Add all to my Loot Box' (the lootbox feature). A link with garbage ids or more than 50 is
// told as such, never a blank page; ids that name no product any more are skipped with a line saying how many.
import { Gift, PackageSearch, Unlink } from 'lucide-react';
import { Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SHARED_LOOTBOX_IDS_MAX } from '../../../shared/constants.ts';
import type { ProductDetail } from '../../../shared/contracts/products.ts';
import { parseSharedClaims, parseSharedIds } from '../../../shared/domain/share-links.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { useSharedProducts } from '../../features/lootbox/api/shared-products.ts';
import {
  SharedLootboxList,
  SharedLootboxSkeleton,
} from '../../features/lootbox/components/shared-lootbox-list.tsx';
import { ProductImage } from '../../features/products/components/product-image.tsx';
import { getErrorMessage } from '../../lib/api-client.ts';
import { lazyWithPreload } from '../../lib/lazy-with-preload.ts';

// Code a visitor needs only once they press 'Loot Now' (as on the product page).
const ContactDialog = lazyWithPreload(() =>
  import('../../features/products/components/contact-dialog.tsx').then((module) => ({
    default: module.ContactDialog,
  })),
);

const THUMBNAIL_SIZES = '96px';

function BackToShop() {
  return (
    <Link to={paths.shop.getHref()} className={getButtonClass({ size: 'sm', className: 'mt-4' })}>
      {LOOTBOX_MESSAGES.browseShop}
    </Link>
  );
}

export function Component() {
  const [searchParams] = useSearchParams();
  const link = searchParams.get('products');
  const shared = useMemo(() => parseSharedIds(link), [link]);
  const offers = searchParams.get('offers');
  const claims = useMemo(() => parseSharedClaims(offers), [offers]);
  const usable = shared.invalidCount === 0 && !shared.tooMany;
  const query = useSharedProducts(usable ? shared.ids : []);
  const count = query.data?.products.length ?? shared.ids.length;
  const header = (
    <PageHeader
      title={LOOTBOX_MESSAGES.sharedTitle}
      subtitle={usable && count > 0 ? LOOTBOX_MESSAGES.sharedSubtitle(count) : undefined}
    />
  );

  let body;
  if (shared.invalidCount > 0) {
    body = (
      <EmptyState icon={Unlink} title={LOOTBOX_MESSAGES.sharedBadLink}>
        {LOOTBOX_MESSAGES.sharedBadLinkBody}
        <br />
        <BackToShop />
      </EmptyState>
    );
  } else if (shared.tooMany) {
    body = (
      <EmptyState icon={Unlink} title={LOOTBOX_MESSAGES.sharedTooMany(SHARED_LOOTBOX_IDS_MAX)}>
        {LOOTBOX_MESSAGES.sharedTooManyBody(SHARED_LOOTBOX_IDS_MAX)}
        <br />
        <BackToShop />
      </EmptyState>
    );
  } else if (shared.ids.length === 0) {
    body = (
      <EmptyState icon={Gift} title={LOOTBOX_MESSAGES.sharedEmpty}>
        {LOOTBOX_MESSAGES.sharedEmptyBody}
        <br />
        <BackToShop />
      </EmptyState>
    );
  } else if (query.isPending) {
    body = <SharedLootboxSkeleton />;
  } else if (query.isError) {
    body = (
      <EmptyState icon={PackageSearch} title={getErrorMessage(query.error)}>
        <button type="button" className={getButtonClass({ size: 'sm' })} onClick={() => void query.refetch()}>
          {APP_MESSAGES.tryAgain}
        </button>
      </EmptyState>
    );
  } else if (query.data.products.length === 0) {
    body = (
      <EmptyState icon={Gift} title={LOOTBOX_MESSAGES.sharedNoneLeft}>
        {LOOTBOX_MESSAGES.sharedMissing(query.data.missing.length)}
        <br />
        <BackToShop />
      </EmptyState>
    );
  } else {
    body = (
      <SharedProducts
        products={query.data.products}
        claims={claims}
        missingCount={query.data.missing.length}
      />
    );
  }
  return (
    <>
      {header}
      {body}
    </>
  );
}

function SharedProducts({
  products,
  claims,
  missingCount,
}: {
  products: ProductDetail[];
  claims: ReadonlyMap<string, string>;
  missingCount: number;
}) {
  const [contactFor, setContactFor] = useState<ProductDetail | null>(null);
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <>
      <SharedLootboxList
        products={products}
        claims={claims}
        missingCount={missingCount}
        renderImage={(product) => (
          <ProductImage
            image={product.images[0] ?? product.cover ?? undefined}
            alt=""
            sizes={THUMBNAIL_SIZES}
            className="size-full object-cover"
          />
        )}
        renderContact={(product) => (
          <button
            type="button"
            aria-label={LOOTBOX_MESSAGES.lootNowFor(product.name)}
            className={getButtonClass({ size: 'sm', className: 'w-full sm:w-auto' })}
            onPointerEnter={ContactDialog.preload}
            onFocus={ContactDialog.preload}
            onTouchStart={ContactDialog.preload}
            onClick={() => {
              setContactFor(product);
              setContactOpen(true);
            }}
          >
            {LOOTBOX_MESSAGES.lootNow}
          </button>
        )}
      />
      {/* Once opened, the dialog stays mounted, so that closing it animates and returns focus. */}
      {contactFor ? (
        <Suspense fallback={null}>
          <ContactDialog product={contactFor} open={contactOpen} onOpenChange={setContactOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

// Product detail (docs/product.md "Product detail"): breadcrumb, gallery, name and share, rating, price block,
// 'Loot Now' and 'Add to Loot', the owner's controls, description, tags and more from the creator. What other
// features show here (the creator card, the price with its offer, Add to Loot) comes in from the route.
import clsx from 'clsx';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductDetail } from '../../../../shared/contracts/products.ts';
import { splitCategory } from '../../../../shared/domain/categories.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { paths } from '../../../config/paths.ts';
import { trackEvent } from '../../../lib/analytics.ts';
import { useAuth } from '../../../lib/auth.ts';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import { MoreFromCreator } from './more-from-creator.tsx';
import { ProductDescription } from './product-description.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { RateProduct, RatingSummary } from './product-rating.tsx';
import { ProductTags } from './product-tags.tsx';
import { ShareProductButton } from './share-product-button.tsx';
import { PRIVACY_MESSAGES } from '../../../../shared/privacy-messages.ts';
import { PageTitle } from '../../../components/ui/page-title.tsx';

// The dialog (with its store-link previews) is code a visitor needs only after 'Loot Now': fetched when the button
// is pointed at, focused or touched, not with the page.
// The owner's Delete (with Radix's confirm dialog) loads only on the owner's own product page.
const DeleteProductButton = lazyWithPreload(() =>
  import('./delete-product-button.tsx').then((module) => ({ default: module.DeleteProductButton })),
);
const ContactDialog = lazyWithPreload(() =>
  import('./contact-dialog.tsx').then((module) => ({ default: module.ContactDialog })),
);

export function ProductView({
  product,
  creator,
  priceAndOffer,
  addToLoot,
}: {
  product: ProductDetail;
  /** The creator's name and avatar, with their card on hover (the users feature's). */
  creator: ReactNode;
  /** The price block and the offer on the product (the offers feature's). */
  priceAndOffer: ReactNode;
  /** 'Add to Loot' beside 'Loot Now' (the Loot Box feature's). */
  addToLoot: ReactNode;
}) {
  const [contactOpen, setContactOpen] = useState(false);
  // Once opened, the dialog stays mounted, so that closing it animates and returns focus.
  const [contactUsed, setContactUsed] = useState(false);
  const { user } = useAuth();
  const { category, subcategory } = splitCategory(product.category);
  // docs/product.md "Analytics": the product page was shown.
  useEffect(() => trackEvent({ type: 'product_view', product_id: product.id }), [product.id]);
  return (
    <article>
      <PageTitle>{`${product.name} · Lootklip`}</PageTitle>
      <nav aria-label="Breadcrumb" className="mb-4 flex flex-wrap items-center gap-1 text-sm text-ink-muted">
        <Link to={paths.shop.getHref()} className="hover:text-ink hover:underline">
          Shop
        </Link>
        <span aria-hidden="true">/</span>
        <Link
          to={paths.shop.getHref()}
          state={{ category, subcategory }}
          className="hover:text-ink hover:underline"
        >
          {product.category}
        </Link>
        <span aria-hidden="true">/</span>
        <span className="truncate text-ink">{product.name}</span>
      </nav>
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductGallery images={product.images} name={product.name} />
        <div className="flex flex-col gap-4">
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{product.name}</h1>
            <ShareProductButton product={product} />
          </div>
          {creator}
          <p className="flex items-center gap-3 text-sm text-ink-muted">
            <RatingSummary product={product} />
            <span aria-hidden="true">·</span>
            <span>{product.category}</span>
          </p>
          <RateProduct product={product} />
          {priceAndOffer}
          {/*
            'Loot Now' and 'Add to Loot' side by side; on a phone (below 768 px) in a bar pinned above the bottom
            tabs, and at the bottom edge while the tabs are hidden by scrolling.
          */}
          <div
            data-testid="product-actions"
            data-pinned-actions=""
            className={clsx(
              'grid grid-cols-2 gap-3',
              'max-md:fixed max-md:inset-x-0 max-md:z-30 max-md:h-[4.5rem] max-md:items-center max-md:border-t max-md:border-line max-md:bg-surface/95 max-md:px-4 max-md:backdrop-blur-md',
              'max-md:bottom-[calc(var(--spacing-bottom-bar)+env(safe-area-inset-bottom))] motion-safe:transition-[bottom] motion-safe:duration-200',
              'max-md:[body:has([data-testid=bottom-bar][data-visible=false])_&]:bottom-0',
            )}
          >
            <button
              type="button"
              className={getButtonClass({ size: 'lg' })}
              onPointerEnter={ContactDialog.preload}
              onFocus={ContactDialog.preload}
              onTouchStart={ContactDialog.preload}
              onClick={() => {
                setContactUsed(true);
                setContactOpen(true);
              }}
            >
              Loot Now
            </button>
            {addToLoot}
          </div>
          {product.contactsHidden ? (
            // The seller's whoCanContactMe keeps their contact methods from this reader (decision 0071).
            <p
              data-testid="contacts-hidden"
              role="note"
              className="rounded-xl border border-line bg-surface-muted p-3 text-sm text-ink"
            >
              {PRIVACY_MESSAGES.notTakingContacts}
            </p>
          ) : null}
          {user?.uid === product.uid ? (
            // The owner's own controls (docs/product.md "Ownership"); the server refuses anyone else's edit or
            // delete too. One above the other on a phone, where half the width cannot hold 'Delete product' and its
            // icon.
            <div className="grid gap-2 sm:grid-cols-2 sm:gap-3">
              <Link
                to={paths.edit.product.getHref(product.id)}
                className={getButtonClass({ variant: 'secondary', size: 'lg' })}
              >
                Edit product
              </Link>
              <Suspense fallback={<div aria-hidden="true" className="h-12" />}>
                <DeleteProductButton product={product} />
              </Suspense>
            </div>
          ) : null}
          <ul className="grid grid-cols-3 gap-2 text-center text-xs text-ink-muted">
            {[
              ['Direct Contact', 'Talk to the seller'],
              ['Best Deals', 'Ask for a better price'],
              ['Direct Trade', 'No middlemen'],
            ].map(([title, text]) => (
              <li key={title} className="rounded-xl border border-line p-2">
                <span className="block font-semibold text-ink">{title}</span>
                {text}
              </li>
            ))}
          </ul>
          <ProductDescription description={product.description} />
          <ProductTags tags={product.tags} />
        </div>
      </div>
      <MoreFromCreator product={product} />
      {contactUsed ? (
        <Suspense fallback={null}>
          <ContactDialog product={product} open={contactOpen} onOpenChange={setContactOpen} />
        </Suspense>
      ) : null}
    </article>
  );
}

// Product detail (docs/product.md "Product detail"): breadcrumb, gallery, price block, description, tags and
// 'Loot Now'.
import { Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { DESCRIPTION_SHORTEN_CHARS, TAGS_SHOWN_BEFORE_COLLAPSE } from '../../../shared/constants.ts';
import type { ProductDetail } from '../../../shared/contracts/products.ts';
import { splitCategory } from '../../../shared/domain/categories.ts';
import { calculateWirePrice, formatPrice } from '../../../shared/domain/pricing.ts';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { paths } from '../../config/paths.ts';
import { useProduct } from '../../features/products/api/products.ts';
import { ProductLoadError } from '../../features/products/components/product-load-error.tsx';
import { MoreFromCreator } from '../../features/products/components/more-from-creator.tsx';
import { ProductGallery } from '../../features/products/components/product-gallery.tsx';
import { RateProduct, RatingSummary } from '../../features/products/components/product-rating.tsx';
import { ShareProductButton } from '../../features/products/components/share-product-button.tsx';
import { CreatorHoverCard } from '../../features/users/components/creator-hover-card.tsx';
import { useAuth } from '../../lib/auth.ts';
import { lazyWithPreload } from '../../lib/lazy-with-preload.ts';

// The dialog (with its store-link previews) is code a visitor needs only after 'Loot Now': fetched when the button
// is pointed at, focused or touched, not with the page.
const ContactDialog = lazyWithPreload(() =>
  import('../../features/products/components/contact-dialog.tsx').then((module) => ({
    default: module.ContactDialog,
  })),
);

export function Component() {
  const { id = '' } = useParams();
  const query = useProduct(id);
  if (query.isPending) return <ProductSkeleton />;
  const { product } = query.data ?? {};
  if (query.isError || !product) {
    return (
      <ProductLoadError
        error={query.error ?? undefined}
        backTo={paths.shop.getHref()}
        backLabel="Back to Shop"
      />
    );
  }
  return <ProductView product={product} />;
}

/**
 * The page's shape while the product loads. At least a screen tall, so that nothing below it (the footer) is in
 * view and then pushed down when the product arrives (a layout shift).
 */
function ProductSkeleton() {
  const block = 'animate-pulse rounded-2xl bg-surface-muted';
  return (
    <div aria-hidden="true" className="min-h-dvh">
      <div className={`mb-4 h-5 w-2/3 ${block}`} />
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <div className={`aspect-square ${block}`} />
        <div className="flex flex-col gap-4">
          <div className={`h-9 w-4/5 ${block}`} />
          <div className={`h-10 w-40 ${block}`} />
          <div className={`h-24 ${block}`} />
          <div className={`h-12 ${block}`} />
        </div>
      </div>
    </div>
  );
}

function ProductView({ product }: { product: ProductDetail }) {
  const [contactOpen, setContactOpen] = useState(false);
  // Once opened, the dialog stays mounted, so that closing it animates and returns focus.
  const [contactUsed, setContactUsed] = useState(false);
  const { user } = useAuth();
  const [expanded, setExpanded] = useState(false);
  const [allTags, setAllTags] = useState(false);
  const { category, subcategory } = splitCategory(product.category);
  // The wire's rupees become paise here, where they enter the pricing functions.
  const price = calculateWirePrice(product);
  const longDescription = product.description.length > DESCRIPTION_SHORTEN_CHARS;
  const tags = allTags ? product.tags : product.tags.slice(0, TAGS_SHOWN_BEFORE_COLLAPSE);
  return (
    <article>
      <title>{`${product.name} · Lootklip`}</title>
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
          <CreatorHoverCard
            uid={product.uid}
            username={product.creatorUsername}
            avatar={product.creatorAvatar}
          />
          <p className="flex items-center gap-3 text-sm text-ink-muted">
            <RatingSummary product={product} />
            <span aria-hidden="true">·</span>
            <span>{product.category}</span>
          </p>
          <RateProduct product={product} />
          <div className="rounded-2xl bg-surface-muted p-4">
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className="text-3xl font-extrabold text-ink">{formatPrice(price.finalPrice)}</span>
              {product.discount > 0 ? (
                <>
                  <span className="text-ink-subtle line-through">{formatPrice(price.originalPrice)}</span>
                  <span className="font-bold text-emerald-600 dark:text-emerald-400">
                    {product.discount}% off
                  </span>
                </>
              ) : null}
            </p>
            {price.totalSavings > 0 ? (
              <p className="mt-1 text-sm font-semibold text-emerald-700 dark:text-emerald-400">
                Total Savings: {formatPrice(price.totalSavings)}
              </p>
            ) : null}
          </div>
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
          {user?.uid === product.uid ? (
            <Link
              to={paths.edit.product.getHref(product.id)}
              className={getButtonClass({ variant: 'secondary', size: 'lg' })}
            >
              Edit product
            </Link>
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
          {product.description ? (
            <section>
              <h2 className="mb-1 font-bold text-ink">Description</h2>
              <p className="whitespace-pre-line text-ink-muted">
                {expanded || !longDescription
                  ? product.description
                  : `${product.description.slice(0, DESCRIPTION_SHORTEN_CHARS)}...`}
              </p>
              {longDescription ? (
                <button
                  type="button"
                  className="mt-1 text-sm font-semibold text-brand-ink hover:underline"
                  onClick={() => setExpanded((value) => !value)}
                >
                  {expanded ? 'less' : 'more'}
                </button>
              ) : null}
            </section>
          ) : null}
          {product.tags.length ? (
            <ul className="flex flex-wrap gap-2" aria-label="Tags">
              {tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full bg-surface-muted px-3 py-1 text-xs font-medium text-ink-muted"
                >
                  #{tag}
                </li>
              ))}
              {product.tags.length > TAGS_SHOWN_BEFORE_COLLAPSE ? (
                <li>
                  <button
                    type="button"
                    className="px-2 py-1 text-xs font-semibold text-brand-ink"
                    onClick={() => setAllTags((value) => !value)}
                  >
                    {allTags ? 'show less' : `+${product.tags.length - TAGS_SHOWN_BEFORE_COLLAPSE} more`}
                  </button>
                </li>
              ) : null}
            </ul>
          ) : null}
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

// Product detail (spec §2 "Product detail"): breadcrumb, gallery, price block, description, tags and 'Loot Now'.
import { ChevronLeft, ChevronRight, PackageX, Star } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  DESCRIPTION_SHORTEN_CHARS,
  TAGS_SHOWN_BEFORE_COLLAPSE,
  THUMBNAIL_COLUMNS,
} from '../../../shared/constants.ts';
import type { ProductDetail } from '../../../shared/contracts/products.ts';
import { splitCategory } from '../../../shared/domain/categories.ts';
import { calculatePrice, formatPrice } from '../../../shared/domain/pricing.ts';
import { CATALOGUE_MESSAGES } from '../../../shared/messages.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { getButtonClass, ICON_BUTTON_CLASS } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import { useProduct } from '../../features/products/api/products.ts';
import { ContactDialog } from '../../features/products/components/contact-dialog.tsx';
import { ProductImage } from '../../features/products/components/product-image.tsx';
import { ApiError, getErrorMessage } from '../../lib/api-client.ts';

export function Component() {
  const { id = '' } = useParams();
  const query = useProduct(id);
  if (query.isPending) {
    return (
      <div aria-hidden="true" className="aspect-square max-w-xl animate-pulse rounded-3xl bg-surface-muted" />
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <EmptyState
        icon={PackageX}
        title={notFound ? CATALOGUE_MESSAGES.productNotFound : CATALOGUE_MESSAGES.productLoadFailed}
      >
        {notFound ? null : <p>{getErrorMessage(query.error)}</p>}
        <Link to={paths.shop.getHref()} className={getButtonClass({ size: 'sm', className: 'mt-3' })}>
          Back to Shop
        </Link>
      </EmptyState>
    );
  }
  return <ProductView product={query.data.product} />;
}

function ProductView({ product }: { product: ProductDetail }) {
  const [contactOpen, setContactOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [allTags, setAllTags] = useState(false);
  const { category, subcategory } = splitCategory(product.category);
  const price = calculatePrice(product.price, product.discount);
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
        <Gallery product={product} />
        <div className="flex flex-col gap-4">
          <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{product.name}</h1>
          <Link
            to={paths.shopstar.getHref(product.creatorUsername)}
            className="inline-flex w-fit items-center gap-2 rounded-full border border-line py-1 pr-3 pl-1 text-sm font-semibold text-ink hover:border-brand"
          >
            <Avatar name={product.creatorUsername} src={product.creatorAvatar} className="size-7 text-xs" />@
            {product.creatorUsername}
          </Link>
          <p className="flex items-center gap-3 text-sm text-ink-muted">
            <span className="inline-flex items-center gap-1">
              <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
              {product.ratingCount
                ? `${product.rating.toFixed(1)} (${product.ratingCount})`
                : 'No ratings yet'}
            </span>
            <span aria-hidden="true">·</span>
            <span>{product.category}</span>
          </p>
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
            onClick={() => setContactOpen(true)}
          >
            Loot Now
          </button>
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
      <ContactDialog product={product} open={contactOpen} onOpenChange={setContactOpen} />
    </article>
  );
}

function Gallery({ product }: { product: ProductDetail }) {
  const [index, setIndex] = useState(0);
  const count = product.images.length;
  // Spec: the current image index wraps around.
  const go = (step: number) => setIndex((current) => (current + step + count) % count);
  return (
    <div>
      <div className="relative overflow-hidden rounded-3xl bg-surface-muted">
        <ProductImage
          image={product.images[index]}
          alt={`${product.name}, image ${index + 1} of ${Math.max(count, 1)}`}
          sizes="(min-width: 768px) 45vw, 100vw"
          eager
          className="aspect-square size-full object-cover"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              aria-label="Previous image"
              className={`${ICON_BUTTON_CLASS} absolute top-1/2 left-2 -translate-y-1/2 bg-surface/80`}
              onClick={() => go(-1)}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              aria-label="Next image"
              className={`${ICON_BUTTON_CLASS} absolute top-1/2 right-2 -translate-y-1/2 bg-surface/80`}
              onClick={() => go(1)}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
            <p className="absolute right-3 bottom-3 rounded-full bg-stone-950/60 px-2 py-0.5 text-xs text-white">
              {`${index + 1} / ${count}`}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul
          className="mt-3 grid gap-2"
          style={{ gridTemplateColumns: `repeat(${THUMBNAIL_COLUMNS}, minmax(0, 1fr))` }}
        >
          {product.images.map((image, imageIndex) => (
            <li key={image.id}>
              <button
                type="button"
                aria-label={`Show image ${imageIndex + 1}`}
                aria-current={imageIndex === index}
                onClick={() => setIndex(imageIndex)}
                className={`block overflow-hidden rounded-xl border-2 ${imageIndex === index ? 'border-brand' : 'border-transparent'}`}
              >
                <ProductImage
                  image={image}
                  alt=""
                  sizes="80px"
                  className="aspect-square size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

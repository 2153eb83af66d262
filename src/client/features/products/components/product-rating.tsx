// The product's average stars and count, and for a signed-in shopper who is not the seller, five stars to rate it
// with (docs/product.md "Product rating"). Signed-out visitors get a sign-in link instead.
import clsx from 'clsx';
import { Star } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { ProductDetail } from '../../../../shared/contracts/products.ts';
import { CATALOGUE_MESSAGES } from '../../../../shared/catalogue-messages.ts';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.ts';
import { useMyRating, useRateProduct } from '../api/ratings.ts';
import { toast } from '../../../lib/toast.ts';

const STARS = [1, 2, 3, 4, 5] as const;

export function RatingSummary({ product }: { product: ProductDetail }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
      {product.ratingCount ? `${product.rating.toFixed(1)} (${product.ratingCount})` : 'No ratings yet'}
    </span>
  );
}

export function RateProduct({ product }: { product: ProductDetail }) {
  const { status, user } = useAuth();
  const location = useLocation();
  const signedIn = status === 'signed-in';
  const isSeller = user?.uid === product.uid;
  const mine = useMyRating(product.id, signedIn && !isSeller);
  const rate = useRateProduct(product.id);
  if (isSeller || status === 'loading') return null;
  if (!signedIn) {
    return (
      <p className="text-sm text-ink-muted">
        <Link
          to={paths.auth.login.getHref(`${location.pathname}${location.search}`)}
          className="font-semibold text-brand-ink hover:underline"
        >
          Sign in
        </Link>{' '}
        to rate this product
      </p>
    );
  }
  const current = rate.isPending ? rate.variables : mine.data?.myRating;
  const onRate = (stars: number) =>
    rate.mutate(stars, {
      onSuccess: () => toast.success(CATALOGUE_MESSAGES.ratingSaved),
      onError: (error) => toast.error(getErrorMessage(error) || CATALOGUE_MESSAGES.ratingFailed),
    });
  return (
    <div className="flex items-center gap-2 text-sm text-ink-muted">
      <span id={`rate-${product.id}`}>{current ? 'Your rating' : 'Rate this product'}</span>
      <div role="group" aria-labelledby={`rate-${product.id}`} className="flex">
        {STARS.map((stars) => (
          <button
            key={stars}
            type="button"
            aria-pressed={current === stars}
            aria-label={`${stars} ${stars === 1 ? 'star' : 'stars'}`}
            disabled={rate.isPending || mine.isPending}
            onClick={() => onRate(stars)}
            className="rounded p-0.5 disabled:cursor-wait"
          >
            <Star
              aria-hidden="true"
              className={clsx(
                'size-6 transition-colors',
                current && stars <= current ? 'fill-amber-400 text-amber-400' : 'text-ink-subtle',
              )}
            />
          </button>
        ))}
      </div>
    </div>
  );
}

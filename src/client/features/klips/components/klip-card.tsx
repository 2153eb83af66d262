// One klip in a grid (docs/product.md "Klips"): its poster at 9:16 with the length, the title, the creator (a link
// to /shopstar/{name} by the spec's rule) and the views and likes. A click on the poster, or the 'View in theater
// mode' button that shows on hover and focus, opens the klip. The element carries data-klip-id (the klips contract).
// Its owner also gets Edit and Delete under it.
import { Clapperboard, Eye, Heart, Maximize2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { KLIP_CARD_IMAGE_SIZES } from '../../../../shared/constants.ts';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { getShopstarSlug } from '../../../../shared/domain/display-name.ts';
import { KLIPS_MESSAGES } from '../../../../shared/klip-messages.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { formatKlipCount, formatKlipDuration } from '../klip-format.ts';
import { KlipCardOwnerSlot } from './klip-owner-slots.tsx';

export type KlipCardProps = {
  klip: Klip;
  onOpen: (klip: Klip) => void;
  /** In view at once: its poster loads before the others. */
  eager?: boolean;
};

export function KlipCard({ klip, onOpen, eager = false }: KlipCardProps) {
  const titleId = useId();
  const duration = formatKlipDuration(klip.duration);
  const creatorHref = paths.shopstar.getHref(getShopstarSlug(klip.userName));
  return (
    <li data-klip-id={klip.id} className="group flex min-w-0 flex-col">
      {/* The poster is a large target for the mouse; keyboard and screen readers use the button on it. */}
      <div
        className="relative aspect-[9/16] cursor-pointer overflow-hidden rounded-2xl bg-stone-900 shadow-sm"
        onClick={() => onOpen(klip)}
      >
        <KlipPoster klip={klip} eager={eager} />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 bottom-0 h-1/4 bg-gradient-to-t from-black/60 to-transparent"
        />
        {duration ? (
          <span className="absolute right-2 bottom-2 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums">
            <span className="sr-only">Duration </span>
            {duration}
          </span>
        ) : null}
        <button
          type="button"
          aria-describedby={titleId}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(klip);
          }}
          className="absolute top-1/2 left-1/2 inline-flex -translate-x-1/2 -translate-y-1/2 items-center gap-2 rounded-full bg-black/70 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white opacity-0 shadow-lg backdrop-blur-sm transition-opacity duration-150 group-focus-within:opacity-100 group-hover:opacity-100 hover:bg-black/85 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <Maximize2 aria-hidden="true" className="size-4" />
          {KLIPS_MESSAGES.viewInTheater}
        </button>
      </div>
      <div className="mt-2 flex min-w-0 flex-col gap-1 px-0.5">
        <p id={titleId} className="line-clamp-2 text-sm leading-snug font-semibold text-ink" dir="auto">
          {klip.title}
        </p>
        <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <Link
            to={creatorHref}
            className="inline-flex min-w-0 items-center gap-1.5 text-xs font-medium text-ink-muted hover:text-brand-ink hover:underline"
          >
            <Avatar name={klip.userName} src={klip.userAvatar} className="size-6 text-[10px]" />
            <span className="truncate">{klip.userName}</span>
          </Link>
          <span className="flex shrink-0 items-center gap-2.5 text-xs text-ink-subtle tabular-nums">
            <span className="inline-flex items-center gap-1">
              <Eye aria-hidden="true" className="size-3.5" />
              {formatKlipCount(klip.views)}
              <span className="sr-only"> views</span>
            </span>
            <span className="inline-flex items-center gap-1">
              <Heart aria-hidden="true" className="size-3.5" />
              {formatKlipCount(klip.likes)}
              <span className="sr-only"> likes</span>
            </span>
          </span>
        </div>
        <KlipCardOwnerSlot klip={klip} />
      </div>
    </li>
  );
}

/**
 * The poster in the best format the browser takes (AVIF, WebP, JPEG), loaded as it nears the view; a klip with no
 * poster, or one that fails to load, shows a placeholder of the same size.
 */
function KlipPoster({ klip, eager }: { klip: Klip; eager: boolean }) {
  const [failed, setFailed] = useState(false);
  const src = klip.thumbnail;
  if (!src || failed) {
    return (
      <div className="flex size-full items-center justify-center text-stone-500">
        <Clapperboard aria-hidden="true" className="size-10" />
      </div>
    );
  }
  const srcSet = klip.posterSrcSet;
  return (
    <picture>
      {srcSet?.avif ? <source type="image/avif" srcSet={srcSet.avif} sizes={KLIP_CARD_IMAGE_SIZES} /> : null}
      {srcSet?.webp ? <source type="image/webp" srcSet={srcSet.webp} sizes={KLIP_CARD_IMAGE_SIZES} /> : null}
      <img
        src={src}
        srcSet={srcSet?.jpeg || undefined}
        sizes={KLIP_CARD_IMAGE_SIZES}
        alt=""
        width={720}
        height={1280}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        onError={() => setFailed(true)}
        className="size-full object-cover transition-transform duration-300 motion-safe:group-hover:scale-[1.03]"
      />
    </picture>
  );
}

export function KlipCardSkeleton() {
  return (
    <li aria-hidden="true" className="flex flex-col">
      <div className="aspect-[9/16] animate-pulse rounded-2xl bg-surface-muted" />
      <div className="mt-2 space-y-2 px-0.5">
        <div className="h-4 w-4/5 animate-pulse rounded bg-surface-muted" />
        <div className="flex items-center gap-1.5">
          <div className="size-6 animate-pulse rounded-full bg-surface-muted" />
          <div className="h-3 w-1/3 animate-pulse rounded bg-surface-muted" />
        </div>
      </div>
    </li>
  );
}

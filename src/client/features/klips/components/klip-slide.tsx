// One klip as the theater and the phone feed show it (docs/product.md "Klips"): the video, the creator (linking to
// /shopstar/{name}), title, description and tags over a dark scrim so that they read over any video, the like,
// comment and share column on the right (with Manage for the klip's owner) and the featured product near the
// bottom. A klip far from the one on screen shows only its poster (`video` false), so that a long feed does not hold
// dozens of videos.
import clsx from 'clsx';
import { Link } from 'react-router';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { getShopstarSlug } from '../../../../shared/domain/display-name.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { KlipActions } from './klip-actions.tsx';
import { KlipOwnerMenuSlot } from './klip-owner-slots.tsx';
import { KlipMuteButton, KlipPlayer } from './klip-player.tsx';
import { KlipProductCard } from './klip-product-card.tsx';
import { KlipDescription, KlipTags } from './klip-text.tsx';

export type KlipSlideProps = {
  klip: Klip;
  /** The klip on screen: its video plays. */
  active: boolean;
  /** Whether a <video> is mounted at all (the klip on screen and its neighbours); the poster otherwise. */
  video: boolean;
  /** Buffer the video ahead (the next klip). */
  preload?: boolean;
  displayWidthPx: number;
  className?: string;
};

export function KlipSlide({ klip, active, video, preload, displayWidthPx, className }: KlipSlideProps) {
  return (
    <article
      data-klip-id={klip.id}
      aria-label={klip.title}
      className={clsx('relative isolate size-full overflow-hidden bg-black text-white', className)}
    >
      {video ? (
        <KlipPlayer klip={klip} active={active} preload={preload} displayWidthPx={displayWidthPx} />
      ) : (
        <KlipPoster klip={klip} sizes={`${displayWidthPx}px`} />
      )}
      {/* Scrims: the texts and buttons stay readable over a white video. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-28 bg-gradient-to-b from-black/50 to-transparent"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 bottom-0 h-3/5 bg-gradient-to-t from-black/85 via-black/45 to-transparent"
      />
      <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end gap-3 p-4 pb-5">
        <div className="pointer-events-auto flex max-h-[55%] min-w-0 flex-1 flex-col gap-2 overflow-y-auto overscroll-contain [text-shadow:0_1px_2px_rgb(0_0_0/0.6)]">
          {/* Far off screen (no <video>), the product and the counts are not asked for: a page of the feed would
              cost two requests a klip. They are there a klip ahead of the one on screen. */}
          {video ? <KlipProductCard klip={klip} /> : null}
          <Link
            to={paths.shopstar.getHref(getShopstarSlug(klip.userName))}
            className="flex w-fit max-w-full items-center gap-2 rounded-full font-semibold hover:underline"
          >
            <Avatar
              name={klip.userName}
              src={klip.userAvatar}
              className="size-9 text-sm ring-2 ring-white/80"
            />
            <span className="truncate">{klip.userName}</span>
          </Link>
          <h2 className="text-base leading-snug font-bold break-words">{klip.title}</h2>
          <KlipDescription description={klip.description} />
          <KlipTags tags={klip.tags} />
        </div>
        <div className="pointer-events-auto flex shrink-0 flex-col items-center gap-3">
          {video ? (
            <>
              <KlipActions klip={klip} />
              <KlipOwnerMenuSlot klip={klip} />
              <KlipMuteButton />
            </>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** The poster in the best format the browser takes (AVIF, WebP, JPEG). */
function KlipPoster({ klip, sizes }: { klip: Klip; sizes: string }) {
  if (!klip.thumbnail) return <div className="size-full bg-black" />;
  return (
    <picture>
      {klip.posterSrcSet ? <source type="image/avif" srcSet={klip.posterSrcSet.avif} sizes={sizes} /> : null}
      {klip.posterSrcSet ? <source type="image/webp" srcSet={klip.posterSrcSet.webp} sizes={sizes} /> : null}
      <img
        src={klip.thumbnail}
        srcSet={klip.posterSrcSet?.jpeg}
        sizes={sizes}
        alt=""
        loading="lazy"
        decoding="async"
        className="size-full object-cover"
      />
    </picture>
  );
}

// One button of a klip's action column (docs/product.md "Klips": like, comment, share): a round icon over the
// playing video with its count beneath, white on the dark video as short-video apps draw them.
import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { CURRENCY_LOCALE } from '../../../../shared/constants.ts';

const compact = new Intl.NumberFormat(CURRENCY_LOCALE, { notation: 'compact', maximumFractionDigits: 1 });

/** 1,234 as 1.2K: counts beside a klip. */
export function formatCount(count: number): string {
  return compact.format(Math.max(0, count));
}

export const KLIP_ACTION_BUTTON_CLASS =
  'group/action flex flex-col items-center gap-1 text-xs font-semibold text-white outline-none disabled:cursor-not-allowed disabled:opacity-50 [text-shadow:0_1px_2px_rgb(0_0_0/0.6)]';

export const KLIP_ACTION_ICON_CLASS =
  'grid size-12 place-items-center rounded-full bg-black/40 ring-1 ring-white/15 backdrop-blur-sm transition-[background-color,transform] group-hover/action:bg-black/55 group-focus-visible/action:ring-2 group-focus-visible/action:ring-white group-active/action:scale-90 motion-reduce:transition-none';

export function KlipActionButton({
  icon,
  count,
  className,
  ...props
}: ComponentProps<'button'> & { icon: ReactNode; count?: ReactNode }) {
  return (
    <button type="button" className={clsx(KLIP_ACTION_BUTTON_CLASS, className)} {...props}>
      <span className={KLIP_ACTION_ICON_CLASS}>{icon}</span>
      {count !== undefined ? <span aria-hidden="true">{count}</span> : null}
    </button>
  );
}

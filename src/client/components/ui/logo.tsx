import clsx from 'clsx';
import { useId } from 'react';

/** The Lootklip mark: a price tag whose hole is a play button, for products that are sold through videos. */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={clsx('shrink-0', className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#f97316" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path
        d="M9 8.5h8.6a2 2 0 0 1 1.42.59l5.39 5.39a2 2 0 0 1 0 2.83l-7.18 7.18a2 2 0 0 1-2.83 0L9.01 19.1A2 2 0 0 1 8.42 17.7V9.08a.58.58 0 0 1 .58-.58Z"
        fill="#fff"
      />
      <path
        d="M13 12.2v5.6a.5.5 0 0 0 .76.43l4.48-2.8a.5.5 0 0 0 0-.85l-4.48-2.8a.5.5 0 0 0-.76.42Z"
        fill="#ea580c"
      />
    </svg>
  );
}

export function Logo({
  className,
  markClassName = 'size-8',
  tone = 'default',
}: {
  className?: string;
  markClassName?: string;
  /** 'onBrand' for use on the brand gradient, where the two-colour wordmark would vanish. */
  tone?: 'default' | 'onBrand';
}) {
  return (
    <span className={clsx('inline-flex items-center gap-2', className)}>
      <LogoMark className={clsx(markClassName, tone === 'onBrand' && 'rounded-[9px] ring-2 ring-white/70')} />
      <span
        className={clsx(
          'text-xl font-extrabold tracking-tight',
          tone === 'onBrand' ? 'text-white' : 'text-ink',
        )}
      >
        Loot<span className={tone === 'onBrand' ? 'text-saffron-100' : 'text-brand'}>klip</span>
      </span>
    </span>
  );
}

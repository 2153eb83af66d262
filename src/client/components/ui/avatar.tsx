import clsx from 'clsx';

/** The one or two letters an avatar without a photo shows. */
export function getInitials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]?.[0], parts.at(-1)?.[0]] : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

/** A photo when there is one, initials otherwise; always the same box, so nothing shifts when it loads. */
export function Avatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full brand-gradient font-semibold text-white',
        className ?? 'size-9 text-sm',
      )}
      aria-hidden="true"
    >
      {src ? <img src={src} alt="" className="size-full object-cover" /> : getInitials(name)}
    </span>
  );
}

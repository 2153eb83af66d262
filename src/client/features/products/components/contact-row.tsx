// One row of the contact dialog: a real link when the entry is valid (so it can be middle-clicked, copied and read
// as a link), a button that explains the problem when it is not.
import clsx from 'clsx';
import { ExternalLink, LoaderCircle, type LucideIcon } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import type { ContactTarget } from './use-contact-actions.ts';

const ROW_CLASS =
  'flex w-full min-h-16 items-center gap-3 rounded-2xl border border-line bg-surface p-3 text-left transition-colors hover:border-brand hover:bg-brand-soft/40 aria-busy:opacity-80';

/** The tile at the start of a row: an icon of ours on a tinted square. */
export function RowIcon({ icon: Icon, className }: { icon: LucideIcon; className: string }) {
  return (
    <span className={clsx('inline-flex size-10 shrink-0 items-center justify-center rounded-xl', className)}>
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}

export function ContactRow({
  target,
  icon,
  label,
  detail,
  busy,
  rel = 'noopener noreferrer',
  onActivate,
}: {
  target: ContactTarget;
  icon: ReactNode;
  label: string;
  detail: string;
  busy: boolean;
  rel?: string;
  onActivate: (target: ContactTarget, event: MouseEvent<HTMLElement>) => void;
}) {
  const content = (
    <>
      {icon}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-ink">{label}</span>
        <span className="block truncate text-sm text-ink-muted">{detail}</span>
      </span>
      {busy ? (
        <LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin text-brand" />
      ) : target.newTab ? (
        <ExternalLink aria-hidden="true" className="size-4 shrink-0 text-ink-subtle" />
      ) : null}
    </>
  );
  const onClick = (event: MouseEvent<HTMLElement>) => onActivate(target, event);
  return (
    <li>
      {target.href ? (
        <a
          href={target.href}
          target={target.newTab ? '_blank' : undefined}
          rel={rel}
          aria-busy={busy}
          aria-disabled={busy || undefined}
          onClick={onClick}
          className={ROW_CLASS}
        >
          {content}
        </a>
      ) : (
        <button type="button" onClick={onClick} className={ROW_CLASS}>
          {content}
        </button>
      )}
    </li>
  );
}

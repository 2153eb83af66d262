import type { ReactNode } from 'react';

/** The product card grid of every listing: 2 columns on a phone, up to 4 on wide screens. */
export function ProductGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">{children}</div>;
}

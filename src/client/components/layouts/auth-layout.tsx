import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants.ts';
import { paths } from '../../config/paths.ts';
import { Logo } from '../ui/logo.tsx';
import { PageTitle } from '../ui/page-title.tsx';

export type AuthFeature = { icon: LucideIcon; title: string; text: string };

/**
 * Sign-in and register: the form, and a marketing panel that sits beside it on wide screens and below it on
 * phones (one copy in the DOM, moved by CSS order, so screen readers hear it once).
 */
export function AuthLayout({
  title,
  subtitle,
  tagline,
  features,
  children,
}: {
  title: string;
  subtitle: string;
  tagline: string;
  features: readonly AuthFeature[];
  children: ReactNode;
}) {
  return (
    <div className="grid min-h-dvh bg-page md:grid-cols-2">
      <PageTitle>{`${title} · ${PRODUCT_NAME}`}</PageTitle>
      <main className="order-1 flex flex-col justify-center px-5 py-10 sm:px-10 md:order-2">
        <div className="mx-auto w-full max-w-md">
          <Link
            to={paths.home.getHref()}
            className="mb-10 inline-block rounded-lg md:hidden"
            aria-label="Lootklip home"
          >
            <Logo />
          </Link>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink">{title}</h1>
          <p className="mt-2 text-ink-muted">{subtitle}</p>
          <div className="mt-8">{children}</div>
        </div>
      </main>

      <section
        aria-label={`Why ${PRODUCT_NAME}`}
        className="brand-gradient relative order-2 overflow-hidden px-5 py-10 text-white sm:px-10 md:order-1 md:flex md:flex-col md:justify-between md:p-12 lg:p-16"
      >
        {/* Soft shapes for depth; decoration only. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-80 rounded-full bg-white/5"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-32 -left-16 size-96 rounded-full bg-white/5"
        />

        <Link
          to={paths.home.getHref()}
          className="relative hidden rounded-lg md:inline-block md:self-start"
          aria-label="Lootklip home"
        >
          <Logo tone="onBrand" />
        </Link>

        <div className="relative mx-auto w-full max-w-md md:mx-0">
          <p className="text-2xl leading-tight font-extrabold md:text-4xl">{tagline}</p>
          <ul className="mt-8 flex flex-col gap-5">
            {features.map(({ icon: Icon, title: featureTitle, text }) => (
              <li key={featureTitle} className="flex gap-4">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-white/20">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-bold">{featureTitle}</span>
                  <span className="block text-sm">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>

        <p className="relative mt-10 hidden text-sm md:block">Prices in ₹ · Sellers from across India</p>
      </section>
    </div>
  );
}

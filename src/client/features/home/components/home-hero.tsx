import { ArrowRight, BadgePercent, MessageCircle, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

const HIGHLIGHTS = [
  { icon: PlayCircle, text: 'See it in a klip' },
  { icon: BadgePercent, text: 'Loot the offers' },
  { icon: MessageCircle, text: 'Deal with the seller' },
];

export function HomeHero() {
  return (
    <section
      aria-labelledby="home-hero-title"
      className="brand-gradient relative overflow-hidden rounded-3xl px-6 py-10 text-white sm:px-10 sm:py-14"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-20 -right-16 size-72 rounded-full bg-white/5"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-28 right-24 size-64 rounded-full bg-white/5"
      />
      <div className="relative max-w-xl">
        <p className="text-sm font-semibold tracking-wide uppercase">Creator marketplace</p>
        <h2 id="home-hero-title" className="mt-2 text-3xl leading-tight font-extrabold sm:text-4xl">
          Watch it. Love it. Loot it.
        </h2>
        <p className="mt-3">
          Products picked and shown by Shop Stars from across India. Talk to the seller directly and get the
          best deal.
        </p>
        <ul className="mt-5 flex flex-wrap gap-2">
          {HIGHLIGHTS.map(({ icon: Icon, text }) => (
            <li
              key={text}
              className="inline-flex items-center gap-1.5 rounded-full bg-black/10 px-3 py-1 text-sm font-medium ring-1 ring-white/30"
            >
              <Icon aria-hidden="true" className="size-4" />
              {text}
            </li>
          ))}
        </ul>
        <Link
          to={paths.shop.getHref()}
          className="mt-7 inline-flex h-12 items-center gap-2 rounded-full bg-white px-6 font-bold text-saffron-700 shadow-lg transition-transform motion-safe:hover:-translate-y-0.5"
        >
          Start Shopping
          <ArrowRight aria-hidden="true" className="size-5" />
        </Link>
      </div>
    </section>
  );
}

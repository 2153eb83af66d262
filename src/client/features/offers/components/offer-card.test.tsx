// The offer card in the states the Offers page and the seller's live preview show it.
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Offer } from '../../../../shared/contracts/offers.ts';
import { OFFER_MESSAGES } from '../../../../shared/offer-messages.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { createTestProductSummary } from '../../../test/fixtures.ts';
import { createTestAuthStore } from '../../../test/render-app.tsx';
import { createTestOffer } from '../../../test/offer-fixtures.ts';
import { OfferCard } from './offer-card.tsx';

const now = Date.parse('2026-11-25T10:00:00.000Z');
const HOUR = 3600 * 1000;
// ₹1,000 less a fixed ₹200, at least ₹1,500 spent: the hint says ₹500 more.
const offer = createTestOffer(
  {
    title: 'Flat 200',
    discountType: 'fixed',
    discountValue: 200,
    minPurchase: 1500,
    featuredProducts: [
      { ...createTestProductSummary({ id: 'rug', name: 'Jute Rug', price: 1000 }), finalPrice: 1000 },
    ],
  },
  now,
);

function renderCard(props: { offer: Offer; now: number; preview?: boolean }) {
  const router = createMemoryRouter([{ path: '/', element: <OfferCard {...props} /> }]);
  // In the providers, as in the app: the card shows its dates in the reader's zone (useTimeZone).
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider store={createTestAuthStore({ signedIn: false })}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('article', { name: props.offer.title }));
}

describe('OfferCard', () => {
  it('shows a fixed discount, and the more to spend where the minimum purchase is not met', () => {
    const card = renderCard({ offer, now });
    expect(card.getByText('₹200 off')).toBeInTheDocument();
    expect(card.getByText('Min. purchase ₹1,500')).toBeInTheDocument();
    expect(card.getByText(OFFER_MESSAGES.addMore('₹500'))).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Claim Jute Rug' })).toBeInTheDocument();
  });

  it('says the discount once: not again above a title that already says it', () => {
    const said = createTestOffer({ title: '20% off ethnic wear', discountValue: 20 }, now);
    const saidCard = renderCard({ offer: said, now });
    expect(saidCard.getAllByText(/20% off/)).toHaveLength(1);
    expect(saidCard.getByRole('heading', { name: '20% off ethnic wear' })).toBeInTheDocument();

    // A title that does not say it keeps the discount above it.
    const festive = createTestOffer({ id: 'o-2', title: 'Festive Days', discountValue: 20 }, now);
    const festiveCard = renderCard({ offer: festive, now });
    expect(festiveCard.getByText('20% off')).toBeInTheDocument();
  });

  it('shows an offer past its end as ended, with nothing to claim', () => {
    const card = renderCard({ offer, now: Date.parse(offer.endDate) });
    expect(card.getByText(OFFER_MESSAGES.ended)).toBeInTheDocument();
    expect(card.queryByRole('link', { name: /Claim/ })).toBeNull();
  });

  it('previews without links or Claim, with the offer price even before the offer starts', () => {
    const upcoming = { ...offer, minPurchase: 0, startDate: new Date(now + HOUR).toISOString() };
    const card = renderCard({ offer: upcoming, now, preview: true });
    expect(card.getByText(OFFER_MESSAGES.upcoming)).toBeInTheDocument();
    expect(card.queryAllByRole('link')).toHaveLength(0);
    expect(card.getByText('₹800')).toBeInTheDocument();
  });
});

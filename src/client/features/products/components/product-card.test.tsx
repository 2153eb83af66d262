// A product card's corner badge and price with the offer the product carries (Hot Deals): the offer is not claimed
// on a card, so its price shows beside the product's own, never as the price (docs/product.md "Shown price").
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProductSummary } from '../../../../shared/contracts/products.ts';
import { createTestProductSummary } from '../../../test/fixtures.ts';
import { createTestProductOffer } from '../../../test/offer-fixtures.ts';
import { ProductCard } from './product-card.tsx';

function renderCard(product: ProductSummary) {
  const router = createMemoryRouter([{ path: '/', element: <ProductCard product={product} /> }]);
  render(<RouterProvider router={router} />);
  return within(screen.getByRole('article'));
}

// ₹500 with 10% off is ₹450; a 20% offer takes ₹90 more: ₹360.
const lamp = createTestProductSummary({ id: 'lamp', name: 'Clay Lamp', price: 500, discount: 10 });

describe('ProductCard', () => {
  it('shows the offer beside the price, with its price, never as the price', () => {
    const card = renderCard({ ...lamp, activeOffer: createTestProductOffer() });
    expect(card.getByText('10% off')).toBeInTheDocument();
    expect(card.queryByText('20% off')).toBeNull();
    expect(card.getByText('₹450')).toBeInTheDocument();
    expect(card.getByText('₹360 with offer')).toBeInTheDocument();
  });

  it('shows no offer price when one of it is below the offer’s minimum purchase', () => {
    const card = renderCard({ ...lamp, activeOffer: createTestProductOffer({ minPurchase: 1000 }) });
    expect(card.getByText('10% off')).toBeInTheDocument();
    expect(card.queryByText('20% off')).toBeNull();
    expect(card.getByText('₹450')).toBeInTheDocument();
    expect(card.queryByText(/with offer/)).toBeNull();
  });
});

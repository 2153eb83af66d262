// 'More from @{creator}' against a real HTTP server: the delayed fetch, the same-creator filter, the cap of 4,
// and the spec's empty and error texts.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RELATED_FETCH_DELAY_MS,
  RELATED_FETCH_LIMIT,
  RELATED_MAX_SHOWN,
} from '../../../../shared/constants.ts';
import type { ProductDetail, ProductSummary } from '../../../../shared/contracts/products.ts';
import { CREATOR_MESSAGES } from '../../../../shared/creator-messages.ts';
import { createTestProductSummary } from '../../../test/fixtures.ts';
import { createApiTestServer, renderRoutes } from '../../../test/render-app.tsx';
import { MoreFromCreator } from './more-from-creator.tsx';

const server = createApiTestServer();
afterEach(() => {
  vi.useRealTimers();
});

function createSummary(id: string, uid: string): ProductSummary {
  return createTestProductSummary({
    id,
    name: `Product ${id}`,
    price: 1000,
    uid,
    creatorUsername: `user.${uid}`,
  });
}

function createDetail(id: string, uid: string): ProductDetail {
  return {
    ...createSummary(id, uid),
    images: [],
    activeOffers: [],
    updatedAt: '2025-01-01T00:00:00.000Z',
    metadata: { contactInfo: { whatsapp: '', phone: '', email: '' }, externalLinks: [] },
  };
}

function serveList(items: ProductSummary[], status = 200) {
  server.respond('GET', '/api/v1/content', {
    status,
    body:
      status === 200
        ? { success: true, items, lastEvaluatedKey: null, total: items.length, hasMore: false }
        : { success: false, message: 'Bad request' },
  });
}

/** The section for the first product; the Next button shows it for the next one, as a navigation would. */
function Switcher({ products }: { products: ProductDetail[] }) {
  const [index, setIndex] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setIndex(index + 1)}>
        Next
      </button>
      <MoreFromCreator product={products[index]!} />
    </>
  );
}

function renderSection(...products: ProductDetail[]) {
  renderRoutes([{ path: '/', element: <Switcher products={products} /> }]);
}

const listRequests = (uid: string) =>
  server.requests.filter((request) => request.path === '/api/v1/content' && request.query.uid === uid);

describe('More from the creator', () => {
  it('asks 700 ms after the page opens for 50 of the creator products and shows up to 4 others', async () => {
    const current = createDetail('p-current', 'kavya');
    serveList([
      createSummary('p-other-creator-1', 'ravi'),
      createSummary('p-current', 'kavya'),
      createSummary('p-1', 'kavya'),
      createSummary('p-other-creator-2', 'ravi'),
      createSummary('p-2', 'kavya'),
      createSummary('p-3', 'kavya'),
      createSummary('p-4', 'kavya'),
      createSummary('p-5', 'kavya'),
    ]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderSection(current);
    await act(() => vi.advanceTimersByTimeAsync(RELATED_FETCH_DELAY_MS - 1));
    expect(listRequests('kavya')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();

    await waitFor(() => expect(listRequests('kavya')).toHaveLength(1));
    expect(listRequests('kavya')[0]!.query).toMatchObject({
      type: 'product',
      status: 'active',
      uid: 'kavya',
      limit: String(RELATED_FETCH_LIMIT),
    });
    const section = within(await screen.findByRole('region', { name: 'More from @user.kavya' }));
    await section.findByRole('link', { name: /Product p-1/ });
    const products = section
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/product/'))
      .map((link) => link.getAttribute('href'));
    expect(products).toHaveLength(RELATED_MAX_SHOWN);
    expect(products).toEqual(['/product/p-1', '/product/p-2', '/product/p-3', '/product/p-4']);
    expect(section.getByRole('link', { name: CREATOR_MESSAGES.viewAll })).toHaveAttribute(
      'href',
      '/creator/kavya/products',
    );
  });

  it('says there is nothing else when the creator has only this product', async () => {
    serveList([createSummary('solo', 'meera'), createSummary('p-other', 'ravi')]);
    renderSection(createDetail('solo', 'meera'));
    await screen.findByText(CREATOR_MESSAGES.relatedEmpty);
    expect(screen.queryByRole('link', { name: /Product/ })).toBeNull();
  });

  it('says the related products could not be loaded, with a Refresh page action and a toast', async () => {
    serveList([], 400);
    renderSection(createDetail('p-x', 'anil'));
    await screen.findByText(CREATOR_MESSAGES.relatedError);
    expect(screen.getByRole('button', { name: CREATOR_MESSAGES.refreshPage })).toBeInTheDocument();
    expect(await screen.findByText(CREATOR_MESSAGES.relatedLoadFailed)).toBeInTheDocument();
  });

  it("never shows one creator's products under another creator's product", async () => {
    serveList([createSummary('k-1', 'kiran'), createSummary('k-2', 'kiran')]);
    renderSection(createDetail('k-1', 'kiran'), createDetail('l-1', 'lata'));
    await screen.findByRole('link', { name: /Product k-2/ });

    serveList([createSummary('l-1', 'lata'), createSummary('l-2', 'lata')]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'More from @user.lata' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Product k-/ })).toBeNull();
    expect(screen.queryByText(CREATOR_MESSAGES.relatedEmpty)).toBeNull();
    await screen.findByRole('link', { name: /Product l-2/ });
    expect(screen.queryByText(CREATOR_MESSAGES.relatedEmpty)).toBeNull();
  });
});

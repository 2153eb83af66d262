// The product page's measurement through the real route table and a real HTTP server (docs/product.md "Analytics"):
// with analytics allowed, the page view and the product view go to /api/v1/events, and a share is logged as an
// interaction and sent as an event; with Necessary Only, only the interaction (our own record of a share) is sent.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBatchSchema } from '../../../shared/contracts/analytics.ts';
import { acceptAllCookies, acceptNecessaryCookies, resetConsent } from '../../lib/consent.ts';
import { flushAnalytics } from '../../lib/analytics.ts';
import { createTestProductDetail } from '../../test/offer-fixtures.ts';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../test/render-app.tsx';

const server = createApiTestServer();
const product = createTestProductDetail({ id: 'lamp', name: 'Cane Lamp', price: 900, discount: 0 });

function serve() {
  server.requests.length = 0;
  server.respond('GET', '/api/v1/products/lamp', { status: 200, body: { success: true, product } });
  server.respond('POST', '/api/v1/interactions', { status: 201, body: { success: true } });
  server.respond('POST', '/api/v1/events', { status: 202, body: { success: true, accepted: 1, dropped: 0 } });
}

const sentEvents = () =>
  server.requests
    .filter((request) => request.path === '/api/v1/events')
    .flatMap((request) => EventBatchSchema.parse(JSON.parse(request.body)).events);
const interactions = () =>
  server.requests
    .filter((request) => request.path === '/api/v1/interactions')
    .map((r) => JSON.parse(r.body) as unknown);

afterEach(() => resetConsent());

describe('the product page with analytics', () => {
  it('sends the page view, the product view and the share; the share is also logged', async () => {
    serve();
    acceptAllCookies();
    const user = userEvent.setup();
    renderApp('/product/lamp', createTestAuthStore({ signedIn: false }));
    await screen.findByRole('heading', { name: 'Cane Lamp' });
    await user.click(screen.getByRole('button', { name: 'Share product' }));
    await waitFor(() =>
      expect(interactions()).toEqual([
        { contentId: 'lamp', type: 'share', extras: { share_method: 'copy' } },
      ]),
    );
    await waitFor(() => {
      flushAnalytics();
      expect(sentEvents()).toEqual(
        expect.arrayContaining([
          { type: 'page_view', path: '/product/lamp' },
          { type: 'product_view', product_id: 'lamp' },
          { type: 'share', content_type: 'product', content_id: 'lamp', share_method: 'copy' },
        ]),
      );
    });
  });

  it('with Necessary Only sends no event, yet logs the share', async () => {
    serve();
    acceptNecessaryCookies();
    const user = userEvent.setup();
    renderApp('/product/lamp', createTestAuthStore({ signedIn: false }));
    await screen.findByRole('heading', { name: 'Cane Lamp' });
    await user.click(screen.getByRole('button', { name: 'Share product' }));
    await waitFor(() => expect(interactions()).toHaveLength(1));
    flushAnalytics();
    window.dispatchEvent(new Event('pagehide'));
    // A request sent after them: had they sent anything, it would have arrived first.
    await fetch(`${server.url}/control`);
    expect(server.requests.filter((request) => request.path === '/api/v1/events')).toEqual([]);
  });
});

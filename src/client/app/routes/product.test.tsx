// /product/{id} through the real route table and a real HTTP server: what the page says when the product cannot be
// shown (docs/product.md "Error texts: Product page").
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES, CATALOGUE_MESSAGES } from '../../../shared/messages.ts';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../test/render-app.tsx';

const server = createApiTestServer();
beforeAll(async () => {
  await Promise.all([import('./product.tsx'), fetch(`${server.url}/warm-up`)]);
});

const renderProduct = () => renderApp('/product/p-1', createTestAuthStore({ signedIn: false }));

describe('a product that cannot be shown', () => {
  it('says Failed to load product details on the page and in a toast, with the failure’s text', async () => {
    // 4xx: server errors are retried twice first, which only makes the test slower.
    server.respond('GET', '/api/v1/products/p-1', {
      status: 400,
      body: { success: false, message: 'Bad id' },
    });
    renderProduct();
    await screen.findByText('Bad id');
    // The page's title and the toast.
    await waitFor(() => expect(screen.getAllByText(CATALOGUE_MESSAGES.productLoadFailed)).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/shop');
  });

  it('says Product not found for an unknown product, without a toast', async () => {
    server.respond('GET', '/api/v1/products/p-1', { status: 404, body: { success: false, message: 'Gone' } });
    renderProduct();
    expect(await screen.findAllByText(CATALOGUE_MESSAGES.productNotFound)).toHaveLength(1);
    expect(screen.queryByText(CATALOGUE_MESSAGES.productLoadFailed)).toBeNull();
  });

  it('says Product information not available for an answer without the product', async () => {
    server.respond('GET', '/api/v1/products/p-1', { status: 200, body: { success: true } });
    renderProduct();
    expect(await screen.findByText(APP_MESSAGES.productUnavailable)).toBeInTheDocument();
  });
});

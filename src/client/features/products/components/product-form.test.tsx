import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail, ProductImage } from '../../../../shared/contracts/products.ts';
import type { RecordedRequest } from '../../../test/http-test-server.js';
import { createApiTestServer, createTestAuthStore, renderApp, TEST_USER } from '../../../test/render-app.tsx';
import { withoutSignedInLoads } from '../../../test/signed-in-loads.ts';

const server = createApiTestServer();
beforeEach(() => {
  server.requests.length = 0;
  // Each uploaded file becomes an image named after it: a.png -> img-a.
  server.respond('POST', '/api/v1/media/images', (request) => ({
    status: 201,
    body: { success: true, data: createImage(`img-${/filename="(\w+)\./.exec(request.body)?.[1]}`) },
  }));
});

function createImage(id: string): ProductImage {
  const url = `/media/${id}-1080.jpg`;
  return { id, width: 1080, height: 1080, url, srcSet: { avif: '', webp: '', jpeg: `${url} 1080w` } };
}

function createProduct(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 'p1',
    contentId: 'p1',
    type: 'product',
    status: 'active',
    name: 'Block Print Kurta',
    description: 'Hand-block printed cotton.',
    price: 1299,
    discount: 10,
    category: 'Fashion - Women',
    tags: ['cotton', 'handmade'],
    rating: 0,
    ratingCount: 0,
    activeOffers: [],
    files: [],
    cover: createImage('img-x'),
    images: [createImage('img-x'), createImage('img-y')],
    uid: TEST_USER.uid,
    creatorUsername: TEST_USER.username,
    creatorAvatar: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    metadata: {
      contactInfo: { whatsapp: '9876543210', phone: '', email: 'asha@example.in' },
      externalLinks: [],
    },
    ...overrides,
  };
}

function createPng(name: string): File {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });
}

/** What the form sent: every request but the signed-in page's own loads. */
function listFormRequests(): RecordedRequest[] {
  return withoutSignedInLoads(server.requests);
}

function findRequests(method: string, path: string): RecordedRequest[] {
  return server.requests.filter((request) => request.method === method && request.path === path);
}

function readBody(request: RecordedRequest | undefined): Record<string, unknown> {
  return JSON.parse(request?.body ?? '{}') as Record<string, unknown>;
}

async function openCreateForm() {
  const view = renderApp('/create/product', createTestAuthStore({ signedIn: true }));
  await screen.findByRole('heading', { name: 'Create Product' });
  return view;
}

async function fillRequiredFields(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Product name'), 'Brass Diya');
  await user.type(screen.getByLabelText('Price'), '499');
  await user.selectOptions(screen.getByLabelText('Category'), 'Home');
  await user.selectOptions(screen.getByLabelText('Subcategory'), 'Decor');
  // A way to reach the seller, without which the form sends nothing (decision 0046).
  await user.type(screen.getByLabelText('WhatsApp number'), '98765 43210');
}

/** Answers the create call and the product page that follows it. */
function respondWithCreatedProduct(product: ProductDetail): void {
  server.respond('POST', '/api/v1/content', { status: 201, body: { success: true, product } });
  server.respond('GET', `/api/v1/products/${product.id}`, { status: 200, body: { success: true, product } });
}

describe('product form validation', () => {
  it('says what is wrong next to each field, focuses the first, and sends nothing', async () => {
    await openCreateForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Price'), '-5');
    await user.type(screen.getByLabelText('Discount'), '101');
    await user.type(screen.getByLabelText('WhatsApp number'), '12345');
    await user.type(screen.getByLabelText('Email'), 'asha@');
    await user.click(screen.getByRole('button', { name: 'Add store link' }));
    // Links are pasted rather than typed, as sellers do.
    await user.click(screen.getByLabelText('Store link 1'));
    await user.paste('javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Publish Product' }));

    expect(screen.getByLabelText('Product name')).toHaveAccessibleDescription(
      'Enter the product name, up to 150 characters.',
    );
    expect(screen.getByLabelText('Product name')).toHaveFocus();
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(
      'Enter a price from ₹0 to ₹1,00,00,000.',
    );
    expect(screen.getByLabelText('Discount')).toHaveAccessibleDescription(
      /^Enter a discount from 0 to 100%\./,
    );
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Choose a category.');
    expect(screen.getByLabelText('WhatsApp number')).toHaveAccessibleDescription('Invalid WhatsApp number');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address');
    expect(screen.getByLabelText('Store link 1')).toHaveAccessibleDescription('Invalid link');
    expect(screen.getByLabelText('Phone number')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Enter a price to see what shoppers pay.')).toBeInTheDocument();
    expect(listFormRequests()).toEqual([]);

    // Correcting a field takes its message away.
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '1000');
    expect(screen.getByLabelText('Price')).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a product no buyer could reach at its contact section, and takes a store link alone', async () => {
    respondWithCreatedProduct(createProduct({ id: 'p7' }));
    const { getLocation } = await openCreateForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Product name'), 'Brass Diya');
    await user.type(screen.getByLabelText('Price'), '499');
    await user.selectOptions(screen.getByLabelText('Category'), 'Home');
    await user.click(screen.getByRole('button', { name: 'Add store link' }));
    await user.click(screen.getByRole('button', { name: 'Publish Product' }));

    const message =
      'Add a WhatsApp number, phone number or email, or a store link below, so buyers can reach you.';
    expect(screen.getByText(message)).toHaveAttribute('role', 'alert');
    for (const label of ['WhatsApp number', 'Phone number', 'Email']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
    }
    expect(screen.getByLabelText('WhatsApp number')).toHaveFocus();
    expect(listFormRequests()).toEqual([]);

    // A store link is a way to reach the seller: filling one in takes the message away, and the product is sent.
    await user.click(screen.getByLabelText('Store link 1'));
    await user.paste('https://www.amazon.in/dp/B0TEST');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(screen.getByLabelText('WhatsApp number')).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Publish Product' }));
    await waitFor(() => expect(getLocation()).toBe('/product/p7'));
    expect(readBody(findRequests('POST', '/api/v1/content')[0])).toMatchObject({
      contactInfo: { whatsapp: '', phone: '', email: '' },
      externalLinks: [{ url: 'https://www.amazon.in/dp/B0TEST' }],
    });
  });

  it('counts the description against its maximum', async () => {
    await openCreateForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Description'), 'Pure brass');
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('10 / 5000 characters');
  });

  it('previews the final price with the discount as the seller types', async () => {
    await openCreateForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Price'), '1,499');
    await user.type(screen.getByLabelText('Discount'), '20');
    expect(screen.getByText('₹1,199.20')).toBeInTheDocument();
    expect(screen.getByText('20% off')).toBeInTheDocument();
    expect(screen.getByText('They save ₹299.80')).toBeInTheDocument();
  });

  it('shows the server’s message when it refuses the product', async () => {
    server.respond('POST', '/api/v1/content', {
      status: 400,
      body: { success: false, message: 'images: img-a is not an image you uploaded', code: 'bad-request' },
    });
    const { getLocation } = await openCreateForm();
    const user = userEvent.setup();
    await fillRequiredFields(user);
    await user.click(screen.getByRole('button', { name: 'Publish Product' }));
    await screen.findByText('images: img-a is not an image you uploaded');
    expect(getLocation()).toBe('/create/product');
    expect(screen.getByRole('button', { name: 'Publish Product' })).toBeEnabled();
  });
});

describe('product form tags', () => {
  it('adds chips on Enter and comma, ignores repeats, and removes them', async () => {
    respondWithCreatedProduct(createProduct({ id: 'p9' }));
    const { getLocation } = await openCreateForm();
    const user = userEvent.setup();
    const tagsInput = screen.getByLabelText('Tags');
    await user.type(tagsInput, 'handmade{Enter}');
    await user.type(tagsInput, '#Brass,  festive gift ,HANDMADE,di');
    const chips = () =>
      within(screen.getByRole('list', { name: 'Tags added' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(chips()).toEqual(['#handmade', '#Brass', '#festive gift']);
    expect(tagsInput).toHaveValue('di');

    await user.clear(tagsInput);
    await user.click(screen.getByRole('button', { name: 'Remove tag Brass' }));
    expect(chips()).toEqual(['#handmade', '#festive gift']);
    await user.type(tagsInput, '{Backspace}');
    expect(chips()).toEqual(['#handmade']);
    await user.type(tagsInput, `${'x'.repeat(31)}{Enter}`);
    expect(tagsInput).toHaveAccessibleDescription(/^A tag can be up to 30 characters\./);
    expect(chips()).toEqual(['#handmade']);

    await user.type(tagsInput, 'lamp');
    await fillRequiredFields(user); // leaving the tag field adds what was typed
    await user.click(screen.getByRole('button', { name: 'Publish Product' }));
    await waitFor(() => expect(getLocation()).toBe('/product/p9'));
    expect(readBody(findRequests('POST', '/api/v1/content')[0])).toMatchObject({
      type: 'product',
      name: 'Brass Diya',
      price: 499,
      discount: 0,
      category: 'Home - Decor',
      tags: ['handmade', 'lamp'],
    });
  });
});

describe('product form photos', () => {
  it('uploads each photo with the token, and sends the order shown after moves and removals', async () => {
    respondWithCreatedProduct(createProduct({ id: 'p2' }));
    const { getLocation } = await openCreateForm();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Add photos'), [
      createPng('a.png'),
      createPng('b.png'),
      createPng('c.png'),
    ]);
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toEqual([]));
    const uploads = findRequests('POST', '/api/v1/media/images');
    expect(uploads).toHaveLength(3);
    expect(uploads[0]?.headers.authorization).toBe('Bearer test-token');
    expect(uploads[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    await user.click(screen.getByRole('button', { name: 'Move photo 3 left' })); // a c b
    expect(screen.getByText('Photo moved to position 2 of 3.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move photo 2 left' })); // c a b
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' })); // c b
    expect(screen.getByRole('button', { name: 'Remove photo 2' })).toHaveFocus();
    expect(screen.getAllByRole('img', { name: /^Photo \d$/ })).toHaveLength(2);

    await fillRequiredFields(user);
    await user.click(screen.getByRole('button', { name: 'Publish Product' }));
    await waitFor(() => expect(getLocation()).toBe('/product/p2'));
    expect(readBody(findRequests('POST', '/api/v1/content')[0]).images).toEqual(['img-c', 'img-b']);
  });

  it('names what is accepted when a HEIC or other file is picked, and uploads none of them', async () => {
    await openCreateForm();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Add photos'), [
      new File(['x'], 'IMG_0001.HEIC', { type: 'image/heic' }),
      new File(['x'], 'anim.gif', { type: 'image/gif' }),
    ]);
    const alert = screen.getByText(/IMG_0001\.HEIC/).closest('[role="alert"]');
    expect(alert).toHaveTextContent(
      '"IMG_0001.HEIC" is a HEIC photo, which is not accepted. Use JPEG, PNG, WebP or AVIF',
    );
    expect(alert).toHaveTextContent(
      '"anim.gif" was not added: only JPEG, PNG, WebP or AVIF photos are accepted.',
    );
    expect(screen.queryAllByRole('img', { name: /^Photo/ })).toEqual([]);
    expect(listFormRequests()).toEqual([]);
  });

  it('shows a failed upload with its reason, keeps saving off until it is retried, and retries', async () => {
    server.respond('POST', '/api/v1/media/images', {
      status: 415,
      body: { success: false, message: 'Unsupported image. Upload a JPEG, PNG, WebP or AVIF file.' },
    });
    const { getLocation } = await openCreateForm();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Add photos'), createPng('a.png'));
    await screen.findByText(
      'Photo 1 did not upload: Unsupported image. Upload a JPEG, PNG, WebP or AVIF file.',
    );
    await fillRequiredFields(user);
    await user.click(screen.getByRole('button', { name: 'Publish Product' }));
    expect(screen.getByLabelText('Add photos')).toHaveAccessibleDescription(
      /^Some photos did not upload\. Retry or remove them before saving\./,
    );
    expect(findRequests('POST', '/api/v1/content')).toEqual([]);

    server.respond('POST', '/api/v1/media/images', {
      status: 201,
      body: { success: true, data: createImage('img-ok') },
    });
    respondWithCreatedProduct(createProduct({ id: 'p3' }));
    await user.click(screen.getByRole('button', { name: 'Retry photo 1' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish Product' })).toBeEnabled());
    expect(screen.queryByText(/did not upload/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish Product' }));
    await waitFor(() => expect(getLocation()).toBe('/product/p3'));
    expect(findRequests('POST', '/api/v1/media/images')).toHaveLength(2);
    expect(readBody(findRequests('POST', '/api/v1/content')[0]).images).toEqual(['img-ok']);
  });
});

describe('edit product', () => {
  it('loads the product, saves the changed price and photo order with PATCH, then shows the product', async () => {
    const product = createProduct();
    server.respond('GET', '/api/v1/products/p1', { status: 200, body: { success: true, product } });
    server.respond('PATCH', '/api/v1/products/p1', {
      status: 200,
      body: { success: true, product: { ...product, price: 999 } },
    });
    const { getLocation } = renderApp('/edit-product/p1', createTestAuthStore({ signedIn: true }));
    const price = await screen.findByLabelText('Price');
    expect(price).toHaveValue('1299');
    expect(screen.getByLabelText('Category')).toHaveValue('Fashion');
    expect(screen.getByLabelText('Subcategory')).toHaveValue('Women');
    expect(screen.getByLabelText('WhatsApp number')).toHaveValue('9876543210');

    const user = userEvent.setup();
    await user.clear(price);
    await user.type(price, '999');
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(getLocation()).toBe('/product/p1'));
    const body = readBody(findRequests('PATCH', '/api/v1/products/p1')[0]);
    expect(body).toMatchObject({
      price: 999,
      discount: 10,
      category: 'Fashion - Women',
      images: ['img-y'],
      contactInfo: { whatsapp: '9876543210', phone: '', email: 'asha@example.in' },
    });
  });

  it('tells a seller who does not own the product that only its seller can change it', async () => {
    server.respond('GET', '/api/v1/products/p1', {
      status: 200,
      body: { success: true, product: createProduct({ uid: 'someone-else' }) },
    });
    renderApp('/edit-product/p1', createTestAuthStore({ signedIn: true }));
    await screen.findByText('Only the seller who listed this product can change it.');
    expect(screen.queryByLabelText('Price')).not.toBeInTheDocument();
  });

  it('says when the product does not exist', async () => {
    server.respond('GET', '/api/v1/products/gone', {
      status: 404,
      body: { success: false, message: 'Product not found' },
    });
    renderApp('/edit-product/gone', createTestAuthStore({ signedIn: true }));
    await screen.findByText('Product not found');
  });
});

describe('unsaved changes', () => {
  it('asks before leaving a changed form, stays on Stay and leaves on Leave', async () => {
    const { getLocation } = await openCreateForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Product name'), 'Half-typed');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(getLocation()).toBe('/create/product');
    expect(screen.getByLabelText('Product name')).toHaveValue('Half-typed');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(getLocation()).toBe('/dashboard'));
  });

  it('leaves an untouched form without asking', async () => {
    const { getLocation } = await openCreateForm();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(getLocation()).toBe('/dashboard'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

// The 'Contact Shop Star' dialog: which rows it shows, what they link to (with tracking), how invalid entries,
// refused tabs and copy fallbacks are told, the busy state, and the toasts' exact texts and durations.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '../../../../shared/contracts/products.ts';
import { describeStoreLink } from '../../../../shared/domain/shopping-hosts.ts';
import { PRIVACY_MESSAGES } from '../../../../shared/privacy-messages.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { startHttpTestServer, type HttpTestServer } from '../../../test/http-test-server.js';
import { routeApiCallsTo } from '../../../test/render-app.tsx';
import { ContactDialog } from './contact-dialog.tsx';

const AMAZON = 'https://www.amazon.in/dp/B0TEST?th=1';
const FLIPKART = 'https://www.flipkart.com/kurta/p/itm123';
const UNKNOWN = 'https://shop.kavya-crafts.example/kurta';

function createProduct({
  contactInfo = { whatsapp: '9876543210', phone: '', email: 'kavya@example.in' },
  links = [] as string[],
  name = 'Block Print Kurta',
}: {
  contactInfo?: Record<string, unknown>;
  links?: string[];
  name?: string;
} = {}): ProductDetail {
  return {
    id: 'p1',
    contentId: 'p1',
    type: 'product',
    status: 'active',
    name,
    description: '',
    price: 1200,
    discount: 0,
    category: 'Fashion - Women',
    tags: [],
    rating: 0,
    ratingCount: 0,
    activeOffers: [],
    files: [],
    cover: null,
    images: [],
    uid: 'u2',
    creatorUsername: 'kavya.crafts',
    creatorAvatar: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    metadata: {
      contactInfo: contactInfo as ProductDetail['metadata']['contactInfo'],
      externalLinks: links.map((url) => ({ url, platformInfo: describeStoreLink(url) })),
    },
  };
}

let server: HttpTestServer;
beforeAll(async () => {
  server = await startHttpTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  routeApiCallsTo(server.url);
});
afterEach(() => {
  // A click on a toast's button leaves the pointer over its toaster, which pauses it; the library keeps that
  // pause in a module-wide store that outlives the test.
  for (const toaster of document.querySelectorAll('[data-rht-toaster]')) fireEvent.mouseLeave(toaster);
  act(() => toast.remove());
  releaseClicks?.();
  releaseClicks = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderDialog(product: ProductDetail) {
  const onOpenChange = vi.fn();
  const { unmount } = render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactDialog product={product} open onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Contact Shop Star' }), onOpenChange, unmount };
}

/** How long react-hot-toast keeps a dismissed toast in the DOM (its exit animation). */
const REMOVE_DELAY_MS = 1000;

/** Fake time in 100 ms steps, so React runs its effects (where the library sets its timers) in between. */
function passTime(ms: number) {
  for (let passed = 0; passed < ms; passed += 100) act(() => vi.advanceTimersByTime(100));
}

/** A stand-in for the window window.open returns: only what the dialog touches. */
function stubOpen(result: 'opened' | 'refused' | 'throws') {
  const opened = { opener: window as unknown } as Window;
  const open = vi.spyOn(window, 'open').mockImplementation(() => {
    if (result === 'throws') throw new Error('blocked by the sandbox');
    return result === 'opened' ? opened : null;
  });
  return { open, opened };
}

/** Call after userEvent.setup(), which puts a clipboard of its own on navigator. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: spy } });
  return spy;
}

let releaseClicks: (() => void) | undefined;

/** jsdom cannot follow tel: or new-tab links; the browser would. The dialog's own handlers run first. */
function keepJsdomOnThePage() {
  const stop = (event: Event) => event.preventDefault();
  window.addEventListener('click', stop);
  releaseClicks = () => window.removeEventListener('click', stop);
}

describe('contact dialog', () => {
  it('shows WhatsApp, Phone and Email with their links, the messages carrying the tracked product page', async () => {
    const { dialog } = renderDialog(createProduct());
    expect(
      within(dialog).getByText('Choose how you\'d like to connect about "Block Print Kurta".'),
    ).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'Contact Methods' })).toBeVisible();

    const whatsapp = new URL(
      within(dialog)
        .getByRole('link', { name: /WhatsApp/ })
        .getAttribute('href')!,
    );
    expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe('https://wa.me/919876543210');
    const text = whatsapp.searchParams.get('text')!;
    expect(text).toMatch(/^Hi! I'm interested in "Block Print Kurta" on Lootklip: /);
    const productLink = new URL(text.slice(text.indexOf('http')));
    expect(productLink.pathname).toBe('/product/p1');
    expect(Object.fromEntries(productLink.searchParams)).toEqual({
      utm_source: 'lootklip',
      utm_medium: 'lootbox_contact',
      utm_campaign: 'product_contact',
      utm_content: 'block_print_kurta',
      ref: 'lootklip',
    });

    // docs/product.md "Phone": the phone contact falls back to the WhatsApp number.
    const phone = within(dialog).getByRole('link', { name: /Phone/ });
    expect(phone).toHaveAttribute('href', 'tel:+919876543210');
    expect(phone).toHaveTextContent('+91 98765 43210');
    expect(phone).not.toHaveAttribute('target');

    const email = within(dialog).getByRole('link', { name: /Email/ });
    const compose = new URL(email.getAttribute('href')!);
    expect(compose.origin).toBe('https://mail.google.com');
    expect(compose.searchParams.get('to')).toBe('kavya@example.in');
    expect(compose.searchParams.get('su')).toBe('Enquiry about "Block Print Kurta" on Lootklip');
    expect(compose.searchParams.get('body')).toBe(text);
    for (const link of [within(dialog).getByRole('link', { name: /WhatsApp/ }), email]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(dialog).queryByText('Buy on Other Platforms')).toBeNull();
  });

  it('lists store links with built-in names and icons, tracked, and asks previews only for other hosts', async () => {
    server.respond('GET', '/api/v1/link-preview', {
      status: 200,
      body: {
        success: true,
        status: 'success',
        data: {
          title: 'Indigo Kurta, hand block printed',
          description: 'From our Jaipur workshop',
          logo: { url: 'https://shop.kavya-crafts.example/logo.png' },
          favicon: { url: 'https://shop.kavya-crafts.example/favicon.ico' },
          publisher: 'Kavya Crafts',
        },
      },
    });
    const { dialog } = renderDialog(
      createProduct({ links: [AMAZON, FLIPKART, UNKNOWN, 'not a link', 'javascript:alert(1)'] }),
    );
    expect(within(dialog).getByRole('heading', { name: 'Buy on Other Platforms' })).toBeVisible();
    // docs/product.md "URL": links that do not parse are hidden, and not counted.
    expect(within(dialog).getByText('3 link(s) available')).toBeVisible();

    const amazon = within(dialog).getByRole('link', { name: /Amazon/ });
    expect(amazon.querySelector('img')).toHaveAttribute('src', '/shopping-hosts/amazon.svg');
    expect(amazon).toHaveTextContent('amazon.in/dp/B0TEST');
    expect(amazon).toHaveAttribute('target', '_blank');
    expect(amazon.getAttribute('rel')?.split(' ')).toEqual(
      expect.arrayContaining(['noopener', 'noreferrer']),
    );
    const tracked = new URL(amazon.getAttribute('href')!);
    expect(`${tracked.origin}${tracked.pathname}`).toBe('https://www.amazon.in/dp/B0TEST');
    expect(Object.fromEntries(tracked.searchParams)).toEqual({
      th: '1',
      utm_source: 'lootklip',
      utm_medium: 'lootbox_external',
      utm_campaign: 'product_contact',
      utm_content: 'block_print_kurta',
      ref: 'lootklip',
    });
    const flipkart = within(dialog).getByRole('link', { name: /Flipkart/ });
    expect(flipkart.querySelector('img')).toHaveAttribute('src', '/shopping-hosts/flipkart.svg');

    const unknown = await within(dialog).findByRole('link', { name: /Kavya Crafts/ });
    expect(unknown).toHaveTextContent('Indigo Kurta, hand block printed');
    // The page's CSP allows our own images only: another site's logo or favicon is never rendered.
    expect(unknown.querySelector('img')).toBeNull();
    expect(dialog.querySelectorAll('img:not([src^="/shopping-hosts/"])')).toHaveLength(0);
    expect(server.requests.map((request) => request.query.url)).toEqual([UNKNOWN]);
  });

  it("shows a link's own host, quietly, when its website cannot be previewed", async () => {
    server.respond('GET', '/api/v1/link-preview', {
      status: 200,
      body: {
        success: false,
        status: 'failed',
        message: "The link's website could not be found.",
        code: 'link-preview/failed',
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { dialog } = renderDialog(createProduct({ links: [UNKNOWN] }));
    // Logged as a warning, never an error (the test set-up fails on any console.error).
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining(UNKNOWN)));
    const row = within(dialog).getByRole('link', { name: /shop\.kavya-crafts\.example/ });
    expect(row).toHaveTextContent('shop.kavya-crafts.example/kurta');
    expect(within(dialog).getByText('1 link(s) available')).toBeVisible();
  });

  it('shows the empty state when the seller gave nothing usable', () => {
    const { dialog } = renderDialog(
      createProduct({ contactInfo: { whatsapp: 9876543210, phone: null, email: '  ' }, links: ['nope'] }),
    );
    expect(within(dialog).getByText('No Contact Methods Available')).toBeVisible();
    expect(
      within(dialog).getByText("The shop star hasn't provided any contact information yet."),
    ).toBeVisible();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('says the seller is not taking contacts when their whoCanContactMe hides them, keeping store links', () => {
    const hidden = { whatsapp: '', phone: '', email: '' };
    const withLink = renderDialog({
      ...createProduct({ contactInfo: hidden, links: [AMAZON] }),
      contactsHidden: true,
    });
    expect(within(withLink.dialog).getByText(PRIVACY_MESSAGES.notTakingContacts)).toBeVisible();
    expect(within(withLink.dialog).queryByText('Contact Methods')).toBeNull();
    expect(within(withLink.dialog).getByText('Buy on Other Platforms')).toBeVisible();
    withLink.unmount();
    const alone = renderDialog({ ...createProduct({ contactInfo: hidden }), contactsHidden: true });
    expect(within(alone.dialog).getByText(PRIVACY_MESSAGES.notTakingContacts)).toBeVisible();
    expect(within(alone.dialog).queryByText('No Contact Methods Available')).toBeNull();
  });

  it('keeps invalid entries and says what is wrong with them when used', async () => {
    const { open } = stubOpen('opened');
    const { dialog } = renderDialog(
      createProduct({ contactInfo: { whatsapp: '12345', phone: '', email: 'kavya@example' } }),
    );
    const user = userEvent.setup();
    expect(within(dialog).queryByRole('link')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /WhatsApp/ }));
    expect(await within(dialog).findByText('Invalid WhatsApp number')).toBeInTheDocument();
    // The phone row falls back to the (invalid) WhatsApp number.
    await user.click(within(dialog).getByRole('button', { name: /^Phone/ }));
    expect(await within(dialog).findByText('Invalid phone number')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Email/ }));
    expect(await within(dialog).findByText('Invalid email address')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('shows error toasts for 2 s too, not the library default of 4 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { dialog } = renderDialog(createProduct({ contactInfo: { email: 'kavya@' } }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(dialog).getByRole('button', { name: /Email/ }));
    passTime(1900);
    expect(within(dialog).getByText('Invalid email address')).toBeInTheDocument();
    passTime(100 + REMOVE_DELAY_MS);
    expect(within(dialog).queryByText('Invalid email address')).toBeNull();
  });

  it('opens WhatsApp in a new tab without an opener, busy for the 2 s of its toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { open, opened } = stubOpen('opened');
    const { dialog } = renderDialog(createProduct());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const whatsapp = within(dialog).getByRole('link', { name: /WhatsApp/ });

    await user.click(whatsapp);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(whatsapp.getAttribute('href'), '_blank');
    expect(opened.opener).toBeNull();
    expect(within(dialog).getByText('Opening WhatsApp...')).toBeInTheDocument();
    expect(whatsapp).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('link', { name: /Email/ })).toHaveAttribute('aria-busy', 'false');

    await user.click(whatsapp); // a second click while busy opens nothing more
    expect(open).toHaveBeenCalledTimes(1);

    passTime(1900);
    expect(whatsapp).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByText('Opening WhatsApp...')).toBeInTheDocument();
    passTime(100);
    expect(whatsapp).toHaveAttribute('aria-busy', 'false');
    passTime(REMOVE_DELAY_MS);
    expect(within(dialog).queryByText('Opening WhatsApp...')).toBeNull();
  });

  it('opens Gmail and store links, naming the store in the toast', async () => {
    const { open } = stubOpen('opened');
    const { dialog } = renderDialog(createProduct({ links: [FLIPKART] }));
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('link', { name: /Email/ }));
    expect(await within(dialog).findByText('Opening Gmail...')).toBeInTheDocument();
    const flipkart = within(dialog).getByRole('link', { name: /Flipkart/ });
    await user.click(flipkart);
    expect(await within(dialog).findByText('Opening Flipkart...')).toBeInTheDocument();
    expect(open).toHaveBeenLastCalledWith(flipkart.getAttribute('href'), '_blank');
  });

  it('offers Copy Number for 5 s when the browser refuses the WhatsApp tab', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubOpen('refused');
    const { dialog } = renderDialog(createProduct());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const writeText = stubClipboard(() => Promise.resolve());

    await user.click(within(dialog).getByRole('link', { name: /WhatsApp/ }));
    expect(within(dialog).getByText('Unable to open WhatsApp')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('aria-busy', 'false');
    passTime(4900);
    expect(within(dialog).getByText('Unable to open WhatsApp')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy Number' }));
    expect(writeText).toHaveBeenCalledWith('+919876543210');
    expect(await within(dialog).findByText('Phone number copied!')).toBeInTheDocument();
  });

  it('drops the copy fallback after its 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubOpen('refused');
    const { dialog } = renderDialog(createProduct());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(dialog).getByRole('link', { name: /WhatsApp/ }));
    expect(within(dialog).getByRole('button', { name: 'Copy Number' })).toBeInTheDocument();
    passTime(4900);
    expect(within(dialog).getByRole('button', { name: 'Copy Number' })).toBeInTheDocument();
    passTime(100 + REMOVE_DELAY_MS);
    expect(within(dialog).queryByRole('button', { name: 'Copy Number' })).toBeNull();
  });

  it('offers Copy Link when the browser refuses a store tab, and says when copying fails', async () => {
    stubOpen('refused');
    const { dialog } = renderDialog(createProduct({ links: [AMAZON] }));
    const user = userEvent.setup();
    const writeText = stubClipboard(() => Promise.reject(new Error('denied')));
    const amazon = within(dialog).getByRole('link', { name: /Amazon/ });

    await user.click(amazon);
    expect(await within(dialog).findByText('Unable to open link')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith(amazon.getAttribute('href'));
    expect(await within(dialog).findByText('Failed to copy link.')).toBeInTheDocument();

    writeText.mockImplementation(() => Promise.resolve());
    await user.click(amazon);
    await user.click(await within(dialog).findByRole('button', { name: 'Copy Link' }));
    expect(await within(dialog).findByText('Link copied!')).toBeInTheDocument();
  });

  it('says Gmail could not be opened when the browser refuses its tab', async () => {
    stubOpen('refused');
    const { dialog } = renderDialog(createProduct());
    await userEvent.setup().click(within(dialog).getByRole('link', { name: /Email/ }));
    expect(await within(dialog).findByText('Failed to open Gmail. Please try again.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Opening Gmail...')).toBeNull();
  });

  it('says opening failed when window.open throws', async () => {
    stubOpen('throws');
    const { dialog } = renderDialog(createProduct({ links: [AMAZON] }));
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('link', { name: /WhatsApp/ }));
    expect(await within(dialog).findByText('Failed to open WhatsApp. Please try again.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('link', { name: /Amazon/ }));
    expect(await within(dialog).findByText('Failed to open link. Please try again.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/^Opening/)).toBeNull();
  });

  it('hands tel: to the device and, on a computer, offers the number to copy', async () => {
    keepJsdomOnThePage();
    const { dialog } = renderDialog(createProduct({ contactInfo: { phone: '+91 70000 12345' } }));
    const user = userEvent.setup();
    const writeText = stubClipboard(() => Promise.resolve());
    const phone = within(dialog).getByRole('link', { name: /Phone/ });
    expect(phone).toHaveAttribute('href', 'tel:+917000012345');

    await user.click(phone);
    expect(await within(dialog).findByText('Initiating call...')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-busy', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Copy Number' }));
    expect(writeText).toHaveBeenCalledWith('+917000012345');
    expect(await within(dialog).findByText('Phone number copied!')).toBeInTheDocument();
  });

  it('hands tel: to a phone without offering a copy', async () => {
    keepJsdomOnThePage();
    const realMatchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
      query === '(pointer: coarse)' ? ({ matches: true } as MediaQueryList) : realMatchMedia(query),
    );
    const { dialog } = renderDialog(createProduct({ contactInfo: { phone: '+91 70000 12345' } }));
    await userEvent.setup().click(within(dialog).getByRole('link', { name: /Phone/ }));
    expect(await within(dialog).findByText('Initiating call...')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Copy Number' })).toBeNull();
  });

  it('leaves Ctrl/Cmd and middle clicks to the browser', () => {
    keepJsdomOnThePage();
    const { open } = stubOpen('opened');
    const { dialog } = renderDialog(createProduct());
    const whatsapp = within(dialog).getByRole('link', { name: /WhatsApp/ });
    fireEvent.click(whatsapp, { ctrlKey: true });
    fireEvent.click(whatsapp, { metaKey: true });
    fireEvent.click(whatsapp, { button: 1 });
    expect(open).not.toHaveBeenCalled();
    expect(within(dialog).queryByText('Opening WhatsApp...')).toBeNull();
  });

  it('says something went wrong and closes when it cannot be shown', async () => {
    const consoleError = vi.mocked(console.error).mockImplementation(() => undefined);
    const broken = { ...createProduct(), metadata: undefined } as unknown as ProductDetail;
    const { onOpenChange } = renderDialog(broken);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    // React reports the caught error; that report is this test's subject, not a failure.
    expect(consoleError.mock.calls.flat().join(' ')).toMatch(/reading 'contactInfo'/);
    consoleError.mockClear();
  });
});

// The dashboard through the real route table and a real HTTP server whose canned answers are parsed by the shared
// contracts (so they cannot drift from what the server sends): the figures and their change, the period switch,
// a new seller's empty state, delete, retry of a failed klip, paging and the error state with Try Again.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  DashboardResponseSchema,
  DashboardStatsResponseSchema,
  ShopstarResponseSchema,
  type DashboardPeriod,
  type DashboardResponse,
  type DashboardSection,
} from '../../../shared/contracts/dashboard.ts';
import { DASHBOARD_STAT_KEYS } from '../../../shared/constants.ts';
import { DASHBOARD_PAGE_MESSAGES as M } from '../../features/dashboard/dashboard-messages.ts';
import { createTestProductSummary, createTestProfile } from '../../test/fixtures.ts';
import { createTestKlip } from '../../test/klip-fixtures.ts';
import { createTestOffer } from '../../test/offer-fixtures.ts';
import type { RecordedRequest } from '../../test/http-test-server.js';
import { createApiTestServer, createTestAuthStore, renderApp, TEST_USER } from '../../test/render-app.tsx';

const server = createApiTestServer();
let getContext: MockInstance;
beforeAll(async () => {
  // jsdom draws no canvas: the chart shows its table of figures instead, as a browser without canvas would.
  getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  await Promise.all([import('./dashboard.tsx'), fetch(`${server.url}/warm-up`)]);
});
afterAll(() => getContext.mockRestore());

const trend = (current: number, previous: number) => ({
  current,
  previous,
  changePercent: previous === 0 ? null : ((current - previous) / previous) * 100,
});

function createStats(period: DashboardPeriod, scale = 1) {
  const days = period === '7d' ? 7 : 30;
  const totals = Object.fromEntries(DASHBOARD_STAT_KEYS.map((key) => [key, trend(0, 0)]));
  Object.assign(totals, {
    productViews: trend(123456 * scale, 82304 * scale),
    klipViews: trend(750 * scale, 1000 * scale),
    likes: trend(12 * scale, 0),
    comments: trend(0, 0),
  });
  return DashboardStatsResponseSchema.parse({
    success: true,
    period,
    from: '2026-11-23',
    to: '2026-11-29',
    timeZone: 'Asia/Kolkata',
    totals,
    contactsByChannel: {
      whatsapp: trend(9 * scale, 3),
      phone: trend(2, 4),
      email: trend(0, 0),
      external: trend(1, 0),
    },
    daily: Array.from({ length: days }, (_, index) => ({
      day: `2026-11-${String(index + 1).padStart(2, '0')}`,
      ...Object.fromEntries(DASHBOARD_STAT_KEYS.map((key) => [key, index * scale])),
    })),
    funnel: [
      {
        klipId: 'k-1',
        title: 'Unboxing a Brass Diya',
        thumbnail: null,
        views: 200,
        productTaps: 50,
        lootboxAdds: 10,
        contacts: 4,
      },
    ],
    top: {
      klipsByViews: [{ id: 'k-1', type: 'klip', name: 'Unboxing a Brass Diya', thumbnail: null, count: 200 }],
      klipsByContacts: [],
      productsByViews: [{ id: 'p-1', type: 'product', name: 'Brass Diya', thumbnail: null, count: 1500 }],
      productsByContacts: [],
    },
  });
}

const counts = (products: number, klips: number, offers: number) => ({
  products,
  klips: { active: klips, processing: 0, failed: 0 },
  offers: { running: offers, upcoming: 0, ended: 0 },
});

function sectionAnswer(
  section: DashboardSection,
  items: unknown[],
  lastEvaluatedKey: string | null,
  pageCounts = counts(3, 2, 1),
): DashboardResponse {
  return DashboardResponseSchema.parse({
    success: true,
    counts: pageCounts,
    [section]: { items, lastEvaluatedKey, hasMore: lastEvaluatedKey !== null },
  });
}

type Listings = Partial<Record<DashboardSection, unknown[][]>>;

/** Serves the three reads; each section's pages are chained by lastEvaluatedKey 'page-N'. */
function serveDashboard({
  listings = {},
  pageCounts,
}: { listings?: Listings; pageCounts?: ReturnType<typeof counts> } = {}) {
  server.respond('GET', '/api/v1/dashboard/stats', (request) => ({
    status: 200,
    body: createStats(request.query.period === '30d' ? '30d' : '7d', request.query.period === '30d' ? 2 : 1),
  }));
  server.respond('GET', '/api/v1/dashboard/shopstar', {
    status: 200,
    body: ShopstarResponseSchema.parse({
      success: true,
      profile: createTestProfile({
        uid: TEST_USER.uid,
        username: TEST_USER.username,
        fullName: 'Asha Verma',
      }),
      profilePath: `/shopstar/${TEST_USER.username}`,
      lifetime: { klipViews: 250000, likes: 1200, comments: 40, shares: 7 },
    }),
  });
  server.respond('GET', '/api/v1/dashboard', (request) => {
    const section = (request.query.section ?? 'products') as DashboardSection;
    const pages = listings[section] ?? [[]];
    const index = request.query.lastEvaluatedKey ? Number(request.query.lastEvaluatedKey.slice(5)) : 0;
    const next = index + 1 < pages.length ? `page-${index + 1}` : null;
    return { status: 200, body: sectionAnswer(section, pages[index] ?? [], next, pageCounts) };
  });
}

const findRequests = (method: string, path: string): RecordedRequest[] =>
  server.requests.filter((request) => request.method === method && request.path === path);
const statCard = (label: string) => screen.getByText(label, { selector: 'li > span' }).closest('li')!;

beforeEach(() => {
  server.requests.length = 0;
});

describe('the dashboard', () => {
  it('shows each figure in en-IN with its change against the period before, the funnel and the shop-star card', async () => {
    serveDashboard({
      listings: { products: [[createTestProductSummary({ id: 'p-1', name: 'Brass Diya' })]] },
    });
    renderApp('/dashboard', createTestAuthStore({ signedIn: true }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Asha Verma')).toBeInTheDocument();
    await screen.findByText('1,23,456');
    const views = statCard(M.stats.productViews);
    expect(views).toHaveTextContent('1,23,456');
    expect(within(views).getByText('Up 50% vs previous 7 days')).toBeInTheDocument();
    expect(within(statCard(M.stats.klipViews)).getByText('Down 25% vs previous 7 days')).toBeInTheDocument();
    expect(statCard(M.stats.likes)).toHaveTextContent('New');
    expect(statCard(M.stats.comments)).toHaveTextContent('-');
    expect(
      within(statCard(M.stats.comments)).getByText('None now or in the previous 7 days'),
    ).toBeInTheDocument();

    const channels = screen.getByRole('region', { name: M.channelsHeading });
    expect(within(channels).getByText('WhatsApp').closest('li')).toHaveTextContent('WhatsApp9');
    expect(within(channels).getByText('Store').closest('li')).toHaveTextContent('New');

    const funnel = screen.getByRole('table', { name: 'Unboxing a Brass Diya' });
    expect(within(funnel).getByRole('row', { name: /Product taps/ })).toHaveTextContent('5025%');
    expect(within(funnel).getByRole('row', { name: /Contacts or quotes/ })).toHaveTextContent('440%');

    const chartTable = screen.getByRole('table', { name: M.chartTableCaption });
    expect(within(chartTable).getAllByRole('row')).toHaveLength(8);
    // The days are the seller's local days, named by their zone (decision 0079).
    expect(screen.getByText(M.chartZone('Asia/Kolkata'))).toBeInTheDocument();

    const shopstar = screen.getByRole('region', { name: M.shopstarHeading });
    expect(within(shopstar).getByText(M.shopstarLabel)).toBeInTheDocument();
    expect(await within(shopstar).findByRole('link', { name: `@${TEST_USER.username}` })).toHaveAttribute(
      'href',
      `/shopstar/${TEST_USER.username}`,
    );
    expect(shopstar).toHaveTextContent('2,50,000');
    expect(await screen.findByText('Brass Diya', { selector: 'li p' })).toBeInTheDocument();
  });

  it('asks for the other period when it is switched, and keeps it in the URL', async () => {
    serveDashboard();
    const { getLocation } = renderApp('/dashboard', createTestAuthStore({ signedIn: true }));
    await screen.findByText('1,23,456');
    const user = userEvent.setup();
    const thirty = screen.getByRole('radio', { name: '30 days' });
    expect(screen.getByRole('radio', { name: '7 days' })).toBeChecked();

    await user.click(thirty);
    await screen.findByText('2,46,912');
    expect(getLocation()).toBe('/dashboard?period=30d');
    expect(findRequests('GET', '/api/v1/dashboard/stats').map((request) => request.query.period)).toEqual([
      '7d',
      '30d',
    ]);
    expect(
      within(statCard(M.stats.productViews)).getByText('Up 50% vs previous 30 days'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: M.chartTableCaption })).getAllByRole('row')).toHaveLength(
      31,
    );

    // The keyboard moves between the two with the arrow keys, and chooses at once.
    expect(thirty).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(getLocation()).toBe('/dashboard'));
    expect(screen.getByRole('radio', { name: '7 days' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '7 days' })).toHaveFocus();
    expect(thirty).toHaveAttribute('tabindex', '-1');
  });

  it('opens on the period the URL names', async () => {
    serveDashboard();
    renderApp('/dashboard?period=30d', createTestAuthStore({ signedIn: true }));
    await screen.findByText('2,46,912');
    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked();
  });

  it('shows a new seller zeros, a short text and the three Create actions', async () => {
    serveDashboard({ pageCounts: counts(0, 0, 0) });
    server.respond('GET', '/api/v1/dashboard/stats', {
      status: 200,
      body: DashboardStatsResponseSchema.parse({
        ...createStats('7d'),
        totals: Object.fromEntries(DASHBOARD_STAT_KEYS.map((key) => [key, trend(0, 0)])),
        funnel: [],
        top: { klipsByViews: [], klipsByContacts: [], productsByViews: [], productsByContacts: [] },
      }),
    });
    renderApp('/dashboard', createTestAuthStore({ signedIn: true }));
    expect(await screen.findByText(M.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(M.emptyBody)).toBeInTheDocument();
    for (const [name, href] of [
      ['Create Product', '/create/product'],
      ['Create Klip', '/create/klip'],
      ['Create Offer', '/create/offer'],
    ]) {
      expect(screen.getByRole('link', { name: new RegExp(name!) })).toHaveAttribute('href', href);
    }
    expect(statCard(M.stats.productViews)).toHaveTextContent('0');
    expect(screen.getByText(M.funnelEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('deletes a product after asking, saying what goes with it, and takes its row out', async () => {
    let deleted = false;
    const diya = createTestProductSummary({ id: 'p-1', name: 'Brass Diya' });
    const lamp = createTestProductSummary({ id: 'p-2', name: 'Clay Lamp', price: 1299, discount: 10 });
    serveDashboard();
    server.respond('GET', '/api/v1/dashboard', (request) => ({
      status: 200,
      body: sectionAnswer(
        (request.query.section ?? 'products') as DashboardSection,
        deleted ? [lamp] : [diya, lamp],
        null,
      ),
    }));
    server.respond('DELETE', '/api/v1/products/p-1', () => {
      deleted = true;
      return { status: 200, body: { success: true } };
    });
    renderApp('/dashboard', createTestAuthStore({ signedIn: true }));
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(within(list).getByText('Clay Lamp').closest('li')).toHaveTextContent('₹1,169.10₹1,299');
    expect(within(list).getByRole('link', { name: 'Edit Brass Diya' })).toHaveAttribute(
      'href',
      '/edit-product/p-1',
    );

    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Delete Brass Diya' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete "Brass Diya"?' });
    expect(dialog).toHaveAccessibleDescription(M.deleteBody.products);
    await user.click(within(dialog).getByRole('button', { name: M.keep.products }));
    expect(findRequests('DELETE', '/api/v1/products/p-1')).toEqual([]);

    await user.click(within(list).getByRole('button', { name: 'Delete Brass Diya' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete "Brass Diya"?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(within(list).queryByText('Brass Diya')).toBeNull());
    expect(await screen.findByText(M.deleted.products)).toBeInTheDocument();
    expect(findRequests('DELETE', '/api/v1/products/p-1')).toHaveLength(1);
    expect(within(list).getByText('Clay Lamp')).toBeInTheDocument();
  });

  it('shows klips by state and retries a failed one', async () => {
    let retried = false;
    const live = createTestKlip({ id: 'k-1', title: 'Diya unboxing', views: 1520 });
    const failed = () =>
      createTestKlip({
        id: 'k-2',
        title: 'Lamp in the dark',
        ...(retried
          ? { status: 'processing', failureReason: null }
          : { status: 'failed', failureReason: 'The video could not be read.' }),
      });
    serveDashboard();
    server.respond('GET', '/api/v1/dashboard', (request) => ({
      status: 200,
      body: sectionAnswer(
        (request.query.section ?? 'products') as DashboardSection,
        request.query.section === 'klips' ? [live, failed()] : [],
        null,
      ),
    }));
    server.respond('POST', '/api/v1/klips/k-2/retry', () => {
      retried = true;
      return { status: 200, body: { success: true, klip: failed() } };
    });
    const { getLocation } = renderApp('/dashboard', createTestAuthStore({ signedIn: true }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Klips/ }));
    expect(getLocation()).toBe('/dashboard?items=klips');
    const list = await screen.findByRole('list', { name: 'Klips' });
    expect(within(list).getByText('Diya unboxing').closest('li')).toHaveTextContent('Live1,520 klip views');
    const row = within(list).getByText('Lamp in the dark').closest('li')!;
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('The video could not be read.');

    await user.click(within(row).getByRole('button', { name: 'Retry processing Lamp in the dark' }));
    expect(await screen.findByText(M.retried)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(list).getByText('Lamp in the dark').closest('li')).toHaveTextContent('Processing'),
    );
    expect(findRequests('POST', '/api/v1/klips/k-2/retry')).toHaveLength(1);
  });

  it('shows offers with their state and loads more with the cursor', async () => {
    const first = [
      createTestOffer({ id: 'o-1', title: 'Diwali Dhamaka', state: 'active' }),
      createTestOffer({ id: 'o-2', title: 'New Year', state: 'upcoming' }),
    ];
    const second = [createTestOffer({ id: 'o-3', title: 'Monsoon Sale', state: 'expired' })];
    serveDashboard({ listings: { offers: [first, second] } });
    renderApp('/dashboard?items=offers', createTestAuthStore({ signedIn: true }));
    const list = await screen.findByRole('list', { name: 'Offers' });
    expect(within(list).getByText('Diwali Dhamaka').closest('li')).toHaveTextContent('Running20% off');
    expect(within(list).getByText('New Year').closest('li')).toHaveTextContent('Upcoming');
    expect(screen.getByRole('tab', { name: /Offers/ })).toHaveTextContent('1');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: M.loadMore }));
    expect(await within(list).findByText('Monsoon Sale')).toBeInTheDocument();
    expect(within(list).getByText('Monsoon Sale').closest('li')).toHaveTextContent('Ended');
    expect(screen.queryByRole('button', { name: M.loadMore })).toBeNull();
    const offerPages = findRequests('GET', '/api/v1/dashboard').filter(
      (request) => request.query.section === 'offers',
    );
    expect(offerPages.map((request) => request.query.lastEvaluatedKey)).toEqual([undefined, 'page-1']);
  });

  it('says when the figures fail and asks again on Try Again', async () => {
    serveDashboard();
    server.respond('GET', '/api/v1/dashboard/stats', {
      status: 400,
      body: { success: false, message: 'period: bad' },
    });
    renderApp('/dashboard', createTestAuthStore({ signedIn: true }));
    expect(await screen.findByText(M.statsFailed)).toBeInTheDocument();
    expect(screen.getByText('period: bad')).toBeInTheDocument();

    serveDashboard();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('1,23,456')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KLIP_STATUS_POLL_MS } from '../../../shared/constants.ts';
import { KLIP_FORM_MESSAGES } from '../../../shared/klip-form-messages.ts';
import { KLIP_MESSAGES } from '../../../shared/klip-messages.ts';
import { answerKlip, createTestKlip } from '../../features/klips/klip-form-fixtures.ts';
import { answerCatalogue, CATALOGUE } from '../../features/offers/components/offer-form-fixtures.ts';
import type { RecordedRequest } from '../../test/http-test-server.js';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../test/render-app.tsx';

const server = createApiTestServer();
beforeEach(() => {
  server.requests.length = 0;
  server.respond('GET', '/api/v1/content', answerCatalogue);
  server.respond('GET', '/api/v1/products/p1', {
    status: 200,
    body: { success: true, product: { ...CATALOGUE[0], images: [] } },
  });
});
afterEach(() => {
  vi.useRealTimers();
});

function findRequests(method: string, path: string): RecordedRequest[] {
  return server.requests.filter((request) => request.method === method && request.path === path);
}

function openEditPage(id = 'k1') {
  return renderApp(`/edit-klip/${id}`, createTestAuthStore({ signedIn: true }));
}

/** The first render loads the lazy route module, which is slow on a busy machine. */
const FIRST_LOAD = { timeout: 15_000 };

describe('edit klip: status', () => {
  it('shows processing and asks again every 2 s until the klip is active, then a player and View klip', async () => {
    // Only the poll's interval is faked: the test moves it on one poll at a time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let status: 'processing' | 'active' = 'processing';
    server.respond('GET', '/api/v1/klips/k1', () => answerKlip(createTestKlip({ status })));
    const countAsks = () => findRequests('GET', '/api/v1/klips/k1').length;
    openEditPage();
    expect(await screen.findByText(KLIP_FORM_MESSAGES.processing, undefined, FIRST_LOAD)).toBeInTheDocument();
    const asked = countAsks();
    await vi.advanceTimersByTimeAsync(KLIP_STATUS_POLL_MS);
    await vi.waitFor(() => expect(countAsks()).toBeGreaterThan(asked));
    status = 'active';
    await vi.advanceTimersByTimeAsync(KLIP_STATUS_POLL_MS);
    expect(await screen.findByText(KLIP_FORM_MESSAGES.active)).toBeInTheDocument();
    expect(screen.queryByText(KLIP_FORM_MESSAGES.processing)).toBeNull();
    expect(screen.getByRole('link', { name: 'View klip' })).toHaveAttribute('href', '/klips/k1');
    const player = screen.getByLabelText('Klip: Draping a dupatta');
    expect(player).toHaveAttribute('poster', '/media/klips/k1/poster.jpg');
    // Active: no more asking, however long the page stays open.
    const askedWhenActive = countAsks();
    await vi.advanceTimersByTimeAsync(KLIP_STATUS_POLL_MS * 5);
    expect(countAsks()).toBe(askedWhenActive);
  });

  it('shows the failure reason; Retry asks for the video again when the original is gone, then retries with it', async () => {
    let klip = createTestKlip({ status: 'failed', failureReason: 'The video has no picture track' });
    server.respond('GET', '/api/v1/klips/k1', () => answerKlip(klip));
    server.respond('POST', '/api/v1/klips/k1/retry', (request) => {
      if (!request.body || request.body === '{}') {
        return { status: 409, body: { success: false, message: KLIP_MESSAGES.retryNeedsUpload } };
      }
      klip = createTestKlip({ status: 'processing' });
      return answerKlip(klip);
    });
    server.respond('POST', '/api/v1/media/videos', {
      status: 201,
      body: { data: { id: 'v7', status: 'processing', durationMs: 5000 } },
    });
    openEditPage();
    expect(await screen.findByText(KLIP_FORM_MESSAGES.failed, undefined, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByText('The video has no picture track')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(KLIP_FORM_MESSAGES.reupload)).toBeInTheDocument();
    expect(screen.getByText('MP4, MOV or WebM, at most 200 MB and 3 minutes')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Choose a video'),
      new File(['video'], 'again.webm', { type: 'video/webm' }),
    );

    expect(
      await screen.findByText(KLIP_FORM_MESSAGES.processing, undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const retries = findRequests('POST', '/api/v1/klips/k1/retry');
    expect(retries.map((request) => JSON.parse(request.body || '{}'))).toEqual([{}, { videoId: 'v7' }]);
  });

  it('says Klip not found, with a way back, for an unknown id and for another seller’s klip', async () => {
    server.respond('GET', '/api/v1/klips/gone', {
      status: 404,
      body: { success: false, message: 'Klip not found' },
    });
    const first = openEditPage('gone');
    expect(await screen.findByText(KLIP_MESSAGES.notFound, undefined, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    first.unmount();

    server.respond('GET', '/api/v1/klips/k2', answerKlip(createTestKlip({ id: 'k2', uid: 'someone-else' })));
    openEditPage('k2');
    expect(await screen.findByText(KLIP_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).toBeNull();
  });
});

describe('edit klip: form', () => {
  it('saves only the changed fields with PATCH, and Delete asks, naming the klip, then goes to the profile', async () => {
    let klip = createTestKlip({ productId: 'p1' });
    server.respond('GET', '/api/v1/klips/k1', () => answerKlip(klip));
    server.respond('PATCH', '/api/v1/klips/k1', (request) => {
      klip = { ...klip, ...JSON.parse(request.body) };
      return answerKlip(klip);
    });
    server.respond('DELETE', '/api/v1/klips/k1', { status: 200, body: { success: true } });
    server.respond('GET', '/api/v1/users/u1/profile', { status: 404, body: { success: false } });
    const { getLocation } = openEditPage();

    const title = await screen.findByLabelText('Title', undefined, FIRST_LOAD);
    expect(title).toHaveValue('Draping a dupatta');
    await waitFor(() => expect(screen.getByTestId('featured-product')).toHaveTextContent('Brass Diya'));
    const user = userEvent.setup();
    await user.clear(title);
    await user.type(title, 'Five dupatta drapes');
    await user.click(screen.getByRole('button', { name: 'Remove Brass Diya' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(KLIP_FORM_MESSAGES.updated)).toBeInTheDocument();
    expect(JSON.parse(findRequests('PATCH', '/api/v1/klips/k1')[0]?.body ?? '{}')).toEqual({
      title: 'Five dupatta drapes',
      productId: null,
    });

    // A blank title is refused by the field, without a request.
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(findRequests('PATCH', '/api/v1/klips/k1')).toHaveLength(1);
    await user.type(title, 'Five dupatta drapes');

    await user.click(screen.getByRole('button', { name: 'Delete Klip' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete “Five dupatta drapes”?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(getLocation()).toBe('/profile/u1'));
    expect(findRequests('DELETE', '/api/v1/klips/k1')).toHaveLength(1);
    expect(await screen.findByText(KLIP_FORM_MESSAGES.deleted)).toBeInTheDocument();
  });
});

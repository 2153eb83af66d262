import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KLIP_FORM_MESSAGES } from '../../../shared/klip-form-messages.ts';
import { createTestKlip } from '../../features/klips/klip-form-fixtures.ts';
import { answerCatalogue } from '../../features/offers/components/offer-form-fixtures.ts';
import type { TestResponse } from '../../test/http-test-server.js';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../test/render-app.tsx';

const server = createApiTestServer();

// jsdom reads no media: a <video> given a src reports this length in its metadata, as a browser would.
let videoSeconds = 30;
beforeAll(() => {
  const setSrc = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'src')?.set;
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockImplementation(() => videoSeconds);
  vi.spyOn(HTMLMediaElement.prototype, 'src', 'set').mockImplementation(function setSource(
    this: HTMLMediaElement,
    value: string,
  ) {
    setSrc?.call(this, value);
    setTimeout(() => this.dispatchEvent(new Event('loadedmetadata')));
  });
});

/** Upload answers held until the test lets them go, so that the upload is seen under way. */
let heldUploads: Array<() => void> = [];
beforeEach(() => {
  server.requests.length = 0;
  videoSeconds = 30;
  heldUploads = [];
  server.respond('GET', '/api/v1/content', answerCatalogue);
  server.respond(
    'POST',
    '/api/v1/media/videos',
    () =>
      new Promise<TestResponse>((resolve) => {
        const count = heldUploads.length + 1;
        heldUploads.push(() =>
          resolve({
            status: 201,
            body: { data: { id: `v${count}`, status: 'processing', durationMs: 30_000 } },
          }),
        );
      }),
  );
});

const createVideo = (name = 'klip.mp4', type = 'video/mp4') => new File(['fake video bytes'], name, { type });

function openCreatePage() {
  return renderApp('/create/klip', createTestAuthStore({ signedIn: true }));
}

function countUploads(): number {
  return server.requests.filter((request) => request.path === '/api/v1/media/videos').length;
}

describe('create klip', () => {
  it('shows the limits first, and refuses a wrong type, an empty file and a too long video without sending them', async () => {
    openCreatePage();
    // The first render loads the lazy route module, which is slow on a busy machine.
    await screen.findByText('MP4, MOV or WebM, at most 200 MB and 3 minutes', undefined, { timeout: 15_000 });
    expect(screen.getByText('Vertical (9:16) looks best in the klips feed')).toBeInTheDocument();
    const user = userEvent.setup({ applyAccept: false });
    const picker = screen.getByLabelText('Choose a video');

    await user.upload(picker, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(KLIP_FORM_MESSAGES.videoType('notes.txt'))).toBeInTheDocument();

    await user.upload(picker, new File([], 'empty.mp4', { type: 'video/mp4' }));
    expect(await screen.findByText(KLIP_FORM_MESSAGES.videoEmpty('empty.mp4'))).toBeInTheDocument();

    videoSeconds = 181;
    await user.upload(picker, createVideo('long-take.mov', 'video/quicktime'));
    expect(await screen.findByText(KLIP_FORM_MESSAGES.videoTooLong('long-take.mov', 3))).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a video')).toHaveAttribute('aria-invalid', 'true');
    expect(countUploads()).toBe(0);
    expect(screen.getByRole('button', { name: 'Publish Klip' })).toBeDisabled();
  });

  it('uploads at once with a progress bar and Cancel, then publishes with the product and goes to the edit page', async () => {
    server.respond('POST', '/api/v1/content', {
      status: 201,
      body: {
        success: true,
        klip: createTestKlip({ id: 'k9', status: 'processing', title: 'Diya lighting' }),
      },
    });
    const { getLocation } = openCreatePage();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Choose a video'), createVideo());

    // Under way: the bar, the file's name, Publish held back.
    expect(await screen.findByRole('progressbar', { name: 'Uploading video' })).toHaveAttribute(
      'aria-valuenow',
    );
    expect(screen.getByText('Uploading klip.mp4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Uploading video...' })).toBeDisabled();
    expect(screen.getByLabelText('Preview of your video')).toBeInTheDocument();
    await waitFor(() => expect(countUploads()).toBe(1));

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByText(KLIP_FORM_MESSAGES.uploadCancelled)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish Klip' })).toBeDisabled();

    await user.upload(screen.getByLabelText('Choose a video'), createVideo());
    await screen.findByRole('progressbar', { name: 'Uploading video' });
    await waitFor(() => expect(countUploads()).toBe(2));
    // The cancelled upload's late answer changes nothing; the current one's does.
    heldUploads[0]?.();
    heldUploads[1]?.();
    expect(await screen.findByText('Uploaded klip.mp4')).toBeInTheDocument();
    expect(screen.getByText(KLIP_FORM_MESSAGES.posterAuto, { exact: false })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Title'), 'Diya lighting');
    await user.type(screen.getByLabelText('Tags'), 'diwali,');
    await user.click(await screen.findByRole('radio', { name: 'Clay Lamp Set' }));
    expect(screen.getByTestId('featured-product')).toHaveTextContent('Clay Lamp Set');
    await user.click(screen.getByRole('button', { name: 'Publish Klip' }));

    await waitFor(() => expect(getLocation()).toBe('/edit-klip/k9'));
    const create = server.requests.find(
      (request) => request.method === 'POST' && request.path === '/api/v1/content',
    );
    expect(JSON.parse(create?.body ?? '{}')).toEqual({
      type: 'klip',
      title: 'Diya lighting',
      description: '',
      tags: ['diwali'],
      productId: 'p2',
      videoId: 'v2',
      posterId: null,
    });
    expect(await screen.findByText(KLIP_FORM_MESSAGES.created)).toBeInTheDocument();
  });

  it('says what failed when the server refuses the upload, and Retry sends it again', async () => {
    server.respond('POST', '/api/v1/media/videos', {
      status: 400,
      body: { success: false, message: 'file: this video is longer than 3 minutes' },
    });
    openCreatePage();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Choose a video'), createVideo());
    const failure = await screen.findByText(
      KLIP_FORM_MESSAGES.uploadFailed('file: this video is longer than 3 minutes'),
    );
    expect(screen.getByRole('button', { name: 'Publish Klip' })).toBeDisabled();
    await user.click(
      within(failure.parentElement as HTMLElement).getByRole('button', { name: 'Retry upload' }),
    );
    await waitFor(() => expect(countUploads()).toBe(2));
  });
});

// Media and klips across instances (decisions 0004, 0078 and 0084): what one instance stores (S3), the other serves;
// a klip uploaded through A is transcoded by the worker (the instances run no jobs: JOBS_IN_PROCESS=false) and plays
// through B, ranges included; a like through A counts on B and reaches the klip owner's event stream open on B
// (Redis pub/sub), and a comment reaches a stream opened through the balancer.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createPng } from '../e2e/support/images.ts';
import { createTestVideo } from '../e2e/support/klips.ts';
import {
  createClient,
  createRunAddress,
  signUp,
  urlOf,
  waitFor,
  type Call,
  type TestUser,
  type Via,
} from './support/client.ts';

/** The transcode job's log line (src/server/media/videos.service.ts), as LOG_FORMAT=json writes it. */
const TRANSCODED = '"msg":"video transcoded"';

let call: Call;
let address: string;
let seller: TestUser;
let shopper: TestUser;
/** The klip the second test makes and the later ones like and comment on. */
let klipId: string | undefined;
const streams: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  address = createRunAddress();
  call = createClient(address);
  seller = await signUp(call, 'A', 'kabir');
  shopper = await signUp(call, 'B', 'zoya');
});
afterAll(async () => {
  await Promise.all(streams.map((stream) => stream.close()));
});

function readLog(name: string): string {
  const file = path.join(inject('scaleOut').logDir, name);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

function upload(via: Via, route: string, bytes: Buffer, type: string, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
  return call(via, route, { method: 'POST', body: form, token: seller.token });
}

/** GET of a media URL (relative, as the API answers it) through `via`, with its bytes. */
async function fetchMedia(via: Via, url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${urlOf(via)}${url}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The user's notification stream through `via`: the unread counts it announces, in order. */
async function openNotificationStream(via: Via, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${urlOf(via)}/api/v1/notifications/stream`, {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const counts: number[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const reading = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const event = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const data = event.find((line) => line.startsWith('data: '));
          if (event.includes('event: unread') && data) counts.push(JSON.parse(data.slice(6)).unreadCount);
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  const stream = {
    counts,
    async close() {
      controller.abort();
      await reading;
    },
  };
  streams.push(stream);
  // The first count comes once the stream is subscribed: from then on, a change anywhere reaches it.
  await waitFor(
    `the first count on ${via}'s stream`,
    async () => counts.length,
    (length) => length > 0,
  );
  return stream;
}

describe('media across instances', () => {
  it('serves through B (and the balancer) an image uploaded through A', async () => {
    const uploaded = await upload(
      'A',
      '/api/v1/media/images',
      await createPng(320, 240, '#3a7'),
      'image/png',
      'a.png',
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const url: string = uploaded.body.data.url;
    expect(url).toMatch(/^\/media\/img\//);

    const onB = await fetchMedia('B', url);
    expect(onB.status).toBe(200);
    expect(onB.headers.get('content-type')).toMatch(/^image\//);
    expect(onB.bytes.length).toBeGreaterThan(0);
    const onA = await fetchMedia('A', url);
    expect(onA.bytes.equals(onB.bytes)).toBe(true);
    expect((await fetchMedia('balancer', url)).bytes.equals(onB.bytes)).toBe(true);
  });

  it('transcodes in the worker a klip uploaded through A, and plays it through B with ranges', async () => {
    const uploaded = await upload(
      'A',
      '/api/v1/media/videos',
      await createTestVideo(),
      'video/mp4',
      'klip.mp4',
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const mediaId: string = uploaded.body.data.id;
    const created = await call('A', '/api/v1/content', {
      method: 'POST',
      token: seller.token,
      json: { type: 'klip', title: 'Brass lamp unboxing', videoId: mediaId },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id: string = created.body.klip.id;

    const read = await waitFor(
      'the klip out of processing, read on B',
      () => call('B', `/api/v1/klips/${id}`, { token: seller.token }),
      (answer) => answer.status !== 200 || answer.body.klip.status !== 'processing',
      90_000,
    );
    expect(read.status).toBe(200);
    expect(read.body.klip).toMatchObject({ status: 'active', failureReason: null });
    klipId = id;

    // The worker's log says it transcoded this video; the instances run no jobs. Its lines reach the file within
    // a second (src/server/logger.ts).
    await waitFor(
      "the worker's log line for the video",
      async () => readLog('worker.log'),
      (log) => log.split('\n').some((line) => line.includes(TRANSCODED) && line.includes(mediaId)),
      10_000,
    );
    expect(readLog('instance-a.log')).not.toContain(TRANSCODED);
    expect(readLog('instance-b.log')).not.toContain(TRANSCODED);

    // A shopper plays it through B: the whole file, then ranges as a player asks for them.
    const shown = await call('B', `/api/v1/klips/${id}`, { token: shopper.token });
    const video: string = shown.body.klip.video;
    expect(video).toMatch(/^\/media\/vid\//);
    const whole = await fetchMedia('B', video);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toMatch(/^video\/mp4/);
    const size = whole.bytes.length;
    expect(Number(whole.headers.get('content-length'))).toBe(size);

    const first = await fetchMedia('B', video, { range: 'bytes=0-1023' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-1023/${size}`);
    expect(first.bytes.equals(whole.bytes.subarray(0, 1024))).toBe(true);
    const rest = await fetchMedia('balancer', video, { range: 'bytes=1024-' });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 1024-${size - 1}/${size}`);
    expect(rest.bytes.equals(whole.bytes.subarray(1024))).toBe(true);
    expect((await fetchMedia('B', shown.body.klip.thumbnail)).status).toBe(200);
  });

  it("counts on B a like made through A, and tells the owner's stream open on B", async () => {
    expect(klipId, 'the klip of the test before').toBeDefined();
    const stream = await openNotificationStream('B', seller.token);
    const before = stream.counts.at(-1)!;

    const liked = await call('A', `/api/v1/interactions/klips/${klipId}/like`, {
      method: 'POST',
      token: shopper.token,
    });
    expect(liked.status, JSON.stringify(liked.body)).toBe(200);
    expect(liked.body).toMatchObject({ liked: true, likes: 1 });

    const stats = await call('B', `/api/v1/interactions/klips/${klipId}/stats`, { token: shopper.token });
    expect(stats.body).toMatchObject({ likes: 1, isLiked: true });
    await waitFor(
      'the like in the klip read through the balancer',
      () => call('balancer', `/api/v1/klips/${klipId}`),
      (answer) => answer.body.klip?.likes === 1,
    );
    await waitFor(
      "the new count on the owner's stream on B",
      async () => stream.counts.at(-1),
      (count) => count === before + 1,
      15_000,
    );
  });

  it("tells the owner's stream opened through the balancer of a comment made through A", async () => {
    expect(klipId, 'the klip of the tests before').toBeDefined();
    const stream = await openNotificationStream('balancer', seller.token);
    const before = stream.counts.at(-1)!;
    const commented = await call('A', `/api/v1/interactions/klips/${klipId}/comments`, {
      method: 'POST',
      token: shopper.token,
      json: { content: 'Does it come in copper?' },
    });
    expect(commented.status, JSON.stringify(commented.body)).toBe(201);
    await waitFor(
      "the new count on the owner's stream through the balancer",
      async () => stream.counts.at(-1),
      (count) => count === before + 1,
      15_000,
    );
  });
});

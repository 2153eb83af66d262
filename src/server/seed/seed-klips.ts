// The demo klips in the seed's one transaction (decision 0042): each made as a seller's would be
// (the video row an upload leaves, then the klips service's create, as POST /api/v1/content does), its video's
// drawing queued (demo-klip-videos.ts, which queues the real transcode), and its likes, views, comments and replies
// written through the interactions repository beside the counters they move, so every counter equals its rows.
import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { CreateKlipBodySchema } from '../../shared/contracts/klips.ts';
import { getKlipUserName } from '../../shared/domain/display-name.ts';
import type { Config } from '../config.ts';
import type { Executor } from '../db/transaction.ts';
import type { JobsRepository } from '../jobs/jobs.repository.ts';
import { createMediaRepository } from '../media/media.repository.ts';
import { createInteractionsRepository } from '../modules/interactions/interactions.repository.ts';
import { createKlipsService } from '../modules/klips/klips.service.ts';
import type { StorageProvider } from '../storage/storage-provider.ts';
import { DEMO_KLIP_VIDEO_JOB, demoKlipSourceKey } from './demo-klip-videos.ts';
import { DEMO_KLIPS, type DemoKlip } from './demo-klips.ts';
import { createSeedRepository } from './seed.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** When a demo klip was posted, `ageHours` before `now`. */
export const klipPostedAt = (demo: Pick<DemoKlip, 'ageHours'>, now: number) => now - demo.ageHours * HOUR_MS;

export interface SeedKlipsDeps {
  db: Executor;
  storage: StorageProvider;
  jobs: Pick<JobsRepository, 'create'>;
  config: Pick<Config, 'MEDIA_PUBLIC_URL'>;
}

/** A demo account as comments name it. */
interface DemoUser {
  id: string;
  username: string;
  displayName: string;
}

/**
 * Creates every demo klip, processing, and queues its video. users: every demo account by username. products: the
 * demo products' ids by name. Returns the klips' ids by title.
 */
export async function seedKlips(
  deps: SeedKlipsDeps,
  users: Map<string, DemoUser>,
  products: Map<string, string>,
): Promise<Map<string, string>> {
  const { db } = deps;
  const klips = createKlipsService({
    db,
    config: deps.config,
    storage: deps.storage,
    jobs: deps.jobs,
    clearContentLists: () => {},
  });
  const media = createMediaRepository(db);
  const seed = createSeedRepository(db);
  const now = Date.now();
  const user = (username: string) => {
    const found = users.get(username);
    if (!found) throw new Error(`demo klips: no demo account ${username}`);
    return found;
  };
  const ids = new Map<string, string>();
  // The newest first: their videos are queued first, so the top of the grid becomes playable first.
  const newestFirst = [...DEMO_KLIPS].sort((a, b) => a.ageHours - b.ageHours);
  for (const [order, demo] of newestFirst.entries()) {
    const owner = user(demo.creator);
    const productId = products.get(demo.product);
    if (!productId) throw new Error(`demo klip ${demo.title}: no demo product ${demo.product}`);
    // What POST /api/v1/media/videos leaves: the original's key and a 'processing' row (the original is drawn later).
    const mediaId = ulid();
    const sourceKey = demoKlipSourceKey(mediaId);
    await media.createMediaObject({
      id: mediaId,
      ownerId: owner.id,
      kind: 'video',
      status: 'processing',
      durationMs: demo.video.seconds * 1000,
      sourceKey,
    });
    const body = CreateKlipBodySchema.parse({
      type: 'klip',
      title: demo.title,
      description: demo.description,
      tags: demo.tags,
      productId,
      videoId: mediaId,
    });
    const klip = await klips.create(owner.id, body, db);
    if (klip.status !== 'processing') throw new Error(`demo klip ${demo.title}: ${klip.status}`);
    ids.set(demo.title, klip.id);
    const postedAt = klipPostedAt(demo, now);
    await seed.backdateKlip(klip.id, new Date(postedAt));
    await deps.jobs.create(
      {
        type: DEMO_KLIP_VIDEO_JOB,
        payload: { mediaId, sourceKey, title: demo.title },
        dedupeKey: `${DEMO_KLIP_VIDEO_JOB}:${mediaId}`,
        // One after another in this order (the worker takes the earliest run_at).
        runAt: new Date(now + order),
      },
      db,
    );
    await seedInteractions(db, klip.id, demo, postedAt, now, user);
  }
  return ids;
}

/**
 * The klip's likes, comments and replies, and its views: each demo account that liked or commented viewed it once,
 * and anonymousViews visitors did, spread over its days. Times fall between its posting and now, in order.
 */
async function seedInteractions(
  db: Executor,
  klipId: string,
  demo: DemoKlip,
  postedAt: number,
  now: number,
  user: (username: string) => DemoUser,
): Promise<void> {
  const interactions = createInteractionsRepository(db);
  const span = now - postedAt;
  const at = (fraction: number) => new Date(postedAt + Math.floor(span * fraction));

  for (const [index, username] of demo.likedBy.entries()) {
    if (username === demo.creator) throw new Error(`demo klip ${demo.title}: liked by its creator`);
    if (await interactions.insertLike(klipId, user(username).id, at((index + 1) / (demo.likedBy.length + 2))))
      await interactions.addLikes(klipId, 1);
  }

  const threads = demo.comments.length;
  for (const [index, comment] of demo.comments.entries()) {
    // Each thread in its own slice of the klip's life, its replies after it.
    const start = (index + 0.5) / (threads + 1);
    const slice = 0.5 / (threads + 1);
    const author = user(comment.by);
    const parentId = ulid();
    await interactions.insertComment({
      id: parentId,
      klipId,
      userId: author.id,
      parentCommentId: null,
      content: comment.text,
      createdAt: at(start),
    });
    await interactions.addComments(klipId, 1);
    const replies = comment.replies ?? [];
    for (const [replyIndex, reply] of replies.entries()) {
      // docs/product.md "Comment": a reply's content starts with the parent author's name and a colon.
      await interactions.bumpReplyCount(parentId, 1);
      await interactions.insertComment({
        id: ulid(),
        klipId,
        userId: user(reply.by).id,
        parentCommentId: parentId,
        content: `${getKlipUserName(author)}: ${reply.text}`,
        createdAt: at(start + (slice * (replyIndex + 1)) / (replies.length + 1)),
      });
      await interactions.addComments(klipId, 1);
    }
  }

  const viewers = new Set([
    ...demo.likedBy,
    ...demo.comments.flatMap((comment) => [comment.by, ...(comment.replies ?? []).map((reply) => reply.by)]),
  ]);
  viewers.delete(demo.creator);
  const views: Array<{ key: string; addressHash: string | null }> = [
    ...[...viewers].map((username) => ({ key: `user:${user(username).id}`, addressHash: null })),
    ...Array.from({ length: demo.anonymousViews }, (_, index) => {
      // A documentation address (RFC 5737) per visitor, hashed as the view route hashes a real one.
      const address = `198.51.100.${(index % 250) + 1}`;
      return {
        key: `anon:demo-${klipId}-${index}`,
        addressHash: createHash('sha256').update(address).digest('base64url'),
      };
    }),
  ];
  for (const [index, view] of views.entries()) {
    const day = at((index + 1) / (views.length + 1))
      .toISOString()
      .slice(0, 10);
    if (await interactions.insertView(klipId, view.key, day, view.addressHash))
      await interactions.bumpViews(klipId);
  }
}

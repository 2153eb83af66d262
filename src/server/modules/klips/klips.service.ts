// Klips (docs/product.md "Klip", "Products, klips, offers"; decision 0040): creating one from an uploaded video,
// in the content module's transaction; its status follows the video's transcode job (settleKlips in
// videos.service.ts); the public lists and the single klip; the owner's own klips in every state, edits, deletes
// (the media goes too) and the retry of a failed one. Services own their transactions (decision 0026).
import { ulid } from 'ulid';
import type { CreateKlipBody, Klip, KlipListQuery, UpdateKlipBody } from '../../../shared/contracts/klips.ts';
import { KLIP_PLACEHOLDER_AVATAR } from '../../../shared/constants.ts';
import { getKlipUserName } from '../../../shared/domain/display-name.ts';
import { ANONYMOUS_READER, audienceAdmits, toReader, type Reader } from '../../../shared/domain/privacy.ts';
import { KLIP_MESSAGES } from '../../../shared/klip-messages.ts';
import type { Config } from '../../config.ts';
import { runInTransaction, type Executor } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { JobsRepository } from '../../jobs/jobs.repository.ts';
import { buildImageUrls, buildMediaUrl, buildThumbnailUrl } from '../../media/media-urls.ts';
import { createMediaRepository } from '../../media/media.repository.ts';
import { removeMediaObjectsNow } from '../../media/media-sweep.service.ts';
import { TRANSCODE_VIDEO_JOB, transcodeDedupeKey } from '../../media/videos.service.ts';
import type { StorageProvider } from '../../storage/storage-provider.ts';
import { CreatedAtCursorSchema, decodeCursor, encodeCursor } from '../content/content-cursor.ts';
import {
  createKlipsRepository,
  type KlipCursor,
  type KlipFilter,
  type KlipRecord,
} from './klips.repository.ts';
import type { KlipStatus } from '../../db/tables/klips.ts';
import { inOrderOf } from '../../db/in-order-of.ts';

const AVATAR_MIN_WIDTH = 128;

type MediaConfig = Pick<Config, 'MEDIA_PUBLIC_URL'>;

export interface KlipListPage {
  items: Klip[];
  lastEvaluatedKey: string | null;
  hasMore: boolean;
}

/**
 * The Klip (docs/product.md "Klip") a record answers as. Media URLs only once the klip is active: before, there is
 * nothing to play.
 */
export function toKlip(record: KlipRecord, config: MediaConfig): Klip {
  const userName = getKlipUserName(record);
  const userAvatar =
    (record.avatarVariants && buildThumbnailUrl(record.avatarVariants, AVATAR_MIN_WIDTH, config)) ||
    KLIP_PLACEHOLDER_AVATAR;
  const playable = record.status === 'active';
  const mp4s = playable
    ? (record.videoVariants ?? []).filter((v) => v.format === 'mp4').sort((a, b) => b.width - a.width)
    : [];
  const hd = mp4s[0] ? buildMediaUrl(mp4s[0].key, config) : null;
  const sd = mp4s.at(-1) ? buildMediaUrl(mp4s.at(-1)!.key, config) : null;
  // The poster image chosen by the seller (its WebP/AVIF/JPEG variants), else the frame the transcode took.
  const posterVariants = record.posterVariants?.length
    ? record.posterVariants
    : (record.videoVariants ?? []).filter((v) => v.format !== 'mp4');
  const posterImage = playable && posterVariants.length ? buildImageUrls(posterVariants, config) : null;
  const framePoster = playable && record.videoPoster ? buildMediaUrl(record.videoPoster.key, config) : null;
  const thumbnail = posterImage?.url ?? framePoster;
  const files = [
    ...(hd ? [{ type: 'video', url: hd }] : []),
    ...(thumbnail ? [{ type: 'image', url: thumbnail }] : []),
  ];
  return {
    id: record.id,
    contentId: record.id,
    type: 'klip',
    status: record.status,
    failureReason: record.status === 'failed' ? record.failureReason : null,
    title: record.title,
    description: record.description,
    tags: record.tags,
    video: hd,
    renditions: hd && sd ? { hd, sd } : null,
    thumbnail,
    posterSrcSet: posterImage?.srcSet ?? null,
    files,
    duration:
      playable && record.videoDurationMs != null ? Math.round(record.videoDurationMs / 100) / 10 : null,
    views: record.views,
    likes: record.likes,
    commentCount: record.commentCount,
    productId: record.productId,
    uid: record.ownerId,
    userId: record.ownerId,
    userName,
    userAvatar,
    metadata: { uid: record.ownerId, userName, userAvatar, views: record.views },
    createdAt: record.createdAt.toISOString(),
  };
}

export type KlipsService = ReturnType<typeof createKlipsService>;

export function createKlipsService(deps: {
  db: Executor;
  config: MediaConfig;
  storage: StorageProvider;
  jobs: Pick<JobsRepository, 'create'>;
  clearContentLists: () => void;
}) {
  const { db, config } = deps;

  async function listPage(
    filter: KlipFilter,
    page: { limit: number; lastEvaluatedKey?: string | undefined },
  ): Promise<KlipListPage> {
    const cursor: KlipCursor | undefined = page.lastEvaluatedKey
      ? decodeCursor(page.lastEvaluatedKey, CreatedAtCursorSchema)
      : undefined;
    const { records, hasMore } = await createKlipsRepository(db).list(filter, { limit: page.limit, cursor });
    const last = records.at(-1);
    return {
      items: records.map((record) => toKlip(record, config)),
      lastEvaluatedKey: hasMore && last ? encodeCursor({ createdAt: last.sortKey, id: last.id }) : null,
      hasMore,
    };
  }

  /** The video a klip may use: the caller's own, a video, not failed. Its status decides the klip's. */
  async function checkVideo(tx: Executor, userId: string, videoId: string): Promise<KlipStatus> {
    const media = await createKlipsRepository(tx).lockOwnMedia(userId, videoId);
    if (!media) throw new AppError('bad-request', KLIP_MESSAGES.videoNotYours);
    if (media.kind !== 'video') throw new AppError('bad-request', KLIP_MESSAGES.videoNotVideo);
    if (media.status === 'failed')
      throw new AppError('bad-request', KLIP_MESSAGES.videoFailed(media.failure_reason ?? 'unknown'));
    return media.status === 'ready' ? 'active' : 'processing';
  }

  async function checkProduct(tx: Executor, userId: string, productId: string | null | undefined) {
    if (productId && !(await createKlipsRepository(tx).isOwnActiveProduct(userId, productId)))
      throw new AppError('bad-request', KLIP_MESSAGES.productNotYours);
  }

  async function readBack(tx: Executor, id: string): Promise<Klip> {
    const record = await createKlipsRepository(tx).findById(id);
    if (!record) throw new AppError('not-found', KLIP_MESSAGES.notFound);
    return toKlip(record, config);
  }

  return {
    /** GET /api/v1/content?type=klip: active klips, newest first. */
    list(query: KlipListQuery, reader: Reader = ANONYMOUS_READER): Promise<KlipListPage> {
      return listPage(
        {
          status: 'active',
          reader,
          ...(query.uid ? { ownerId: query.uid } : {}),
          ...(query.contentId ? { id: query.contentId } : {}),
          ...(query.search ? { search: query.search } : {}),
        },
        query,
      );
    },

    /** GET /api/v1/content/klips: the owner's klips in every state. */
    listOwn(userId: string, page: { limit: number; lastEvaluatedKey?: string | undefined }) {
      return listPage({ ownerId: userId }, page);
    },

    /** The active klips of these ids that the reader may see, in the order of the ids (a search's page). */
    async listByIds(ids: readonly string[], reader: Reader = ANONYMOUS_READER): Promise<Klip[]> {
      if (ids.length === 0) return [];
      const { records } = await createKlipsRepository(db).list(
        { status: 'active', reader, ids },
        { limit: ids.length, cursor: undefined },
      );
      return inOrderOf(
        ids,
        records.map((record) => toKlip(record, config)),
      );
    },

    /** The owner's klips of these ids, in any state and no particular order (the dashboard's funnel and tops). */
    async listOwnByIds(userId: string, ids: readonly string[]): Promise<Klip[]> {
      if (ids.length === 0) return [];
      const { records } = await createKlipsRepository(db).list(
        { ownerId: userId, ids },
        { limit: ids.length, cursor: undefined },
      );
      return records.map((record) => toKlip(record, config));
    },

    /** Within the content module's transaction (POST /api/v1/content). */
    async create(userId: string, body: CreateKlipBody, tx: Executor): Promise<Klip> {
      await checkProduct(tx, userId, body.productId);
      const status = await checkVideo(tx, userId, body.videoId);
      if (body.posterId) {
        const poster = await createKlipsRepository(tx).lockOwnMedia(userId, body.posterId);
        if (poster?.kind !== 'image' || poster.status !== 'ready')
          throw new AppError('bad-request', KLIP_MESSAGES.posterNotYours);
      }
      const id = ulid();
      await createKlipsRepository(tx).insert({
        id,
        ownerId: userId,
        status,
        title: body.title,
        description: body.description,
        tags: body.tags,
        productId: body.productId ?? null,
        videoMediaId: body.videoId,
        posterMediaId: body.posterId ?? null,
      });
      return readBack(tx, id);
    },

    /**
     * GET /api/v1/klips/{id}: anyone the owner's whoCanSeeMyContent admits for an active klip (decision 0071); the
     * owner in any state; 404 otherwise.
     */
    async getForViewer(id: string, viewerId: string | undefined): Promise<Klip> {
      const record = await createKlipsRepository(db).findById(id);
      if (
        !record ||
        (record.status !== 'active' && record.ownerId !== viewerId) ||
        !audienceAdmits(record.contentAudience, record.ownerId, toReader(viewerId))
      )
        throw new AppError('not-found', KLIP_MESSAGES.notFound);
      return toKlip(record, config);
    },

    async update(userId: string, id: string, body: UpdateKlipBody): Promise<Klip> {
      const klip = await runInTransaction(db, async (tx) => {
        const repository = createKlipsRepository(tx);
        const current = await repository.lockOwned(userId, id);
        if (!current) throw new AppError('not-found', KLIP_MESSAGES.notFound);
        await checkProduct(tx, userId, body.productId);
        await repository.update(id, body);
        return readBack(tx, id);
      });
      deps.clearContentLists();
      return klip;
    },

    /** Deletes the owner's klip, then its media objects and their files (unless another row still uses them). */
    async delete(userId: string, id: string): Promise<void> {
      const mediaIds = await runInTransaction(db, async (tx) => {
        const repository = createKlipsRepository(tx);
        const current = await repository.lockOwned(userId, id);
        if (!current) throw new AppError('not-found', KLIP_MESSAGES.notFound);
        await repository.delete(id);
        return [current.videoMediaId, current.posterMediaId].filter((mediaId) => mediaId !== null);
      });
      deps.clearContentLists();
      // After the commit, outside any transaction (storage may be slow); what a crash here leaves, the sweep takes.
      await removeMediaObjectsNow({ db, storage: deps.storage }, mediaIds);
    },

    /**
     * POST /api/v1/klips/{id}/retry: a failed (or stuck processing) klip with a new upload (videoId), or, when its
     * own video's original is still kept (the job gave up on a passing fault), the transcode queued again: once,
     * under the job's dedupe key, however often it is asked for.
     */
    async retry(userId: string, id: string, body: { videoId?: string | undefined }): Promise<Klip> {
      const klip = await runInTransaction(db, async (tx) => {
        const repository = createKlipsRepository(tx);
        const current = await repository.lockOwned(userId, id);
        if (!current) throw new AppError('not-found', KLIP_MESSAGES.notFound);
        if (current.status === 'active') throw new AppError('conflict', KLIP_MESSAGES.retryActive);
        if (body.videoId) {
          const status = await checkVideo(tx, userId, body.videoId);
          await repository.update(id, { videoMediaId: body.videoId, status, failureReason: null });
          return readBack(tx, id);
        }
        const media = current.videoMediaId
          ? await repository.lockOwnMedia(userId, current.videoMediaId)
          : undefined;
        // Processing (stuck) or failed by the job's give-up hook, with the original still kept (decision 0040).
        if (!media || media.status === 'ready' || !media.source_key)
          throw new AppError('conflict', KLIP_MESSAGES.retryNeedsUpload);
        if (media.status === 'failed') await createMediaRepository(tx).reopenGivenUpVideo(media.id);
        await deps.jobs.create(
          {
            type: TRANSCODE_VIDEO_JOB,
            payload: { mediaId: media.id, sourceKey: media.source_key },
            dedupeKey: transcodeDedupeKey(media.id),
          },
          tx,
        );
        await repository.update(id, { status: 'processing', failureReason: null });
        return readBack(tx, id);
      });
      deps.clearContentLists();
      return klip;
    },
  };
}

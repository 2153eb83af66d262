// Klip interaction rules (docs/product.md "Klip interactions API"; decision 0041): a viewer counted once per klip
// a day, a like that toggles, comments and one-level replies that only their author deletes, and the generic
// interactions. Every write and the counter it moves run in one transaction this service opens (decision 0026).
import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import type { z } from 'zod';
import type {
  Comment,
  ListCommentsQuery,
  PostCommentBody,
  PostInteractionBody,
} from '../../../shared/contracts/interactions.ts';
import {
  ANONYMOUS_VIEWERS_PER_ADDRESS,
  COMMENT_MAX_LENGTH,
  COMMENTS_PAGE_SIZE,
  INTERACTION_EXTRAS_MAX_BYTES,
  REPLIES_PAGE_SIZE,
} from '../../../shared/constants.ts';
import { getKlipUserName } from '../../../shared/domain/display-name.ts';
import { toReader, type Reader } from '../../../shared/domain/privacy.ts';
import { KLIP_MESSAGES } from '../../../shared/klip-messages.ts';
import { INTERACTION_MESSAGES } from '../../../shared/klip-social-messages.ts';
import type { Config } from '../../config.ts';
import { runInTransaction, type Executor } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { CreatedAtCursorSchema, decodeReadableKey, encodeReadableKey } from '../content/content-cursor.ts';
import type { NotificationEffects, NotificationsService } from '../notifications/notifications.service.ts';
import { toCreatorAvatar } from '../products/product-summary.ts';
import {
  createInteractionsRepository,
  type CommentCursor,
  type CommentRecord,
  type InteractionsRepository,
} from './interactions.repository.ts';

const CursorSchema: z.ZodType<CommentCursor> = CreatedAtCursorSchema;

/** Who viewed: a signed-in user, or an anonymous session id (VIEWER_ID_HEADER) and the address it came from. */
export type Viewer = { userId: string } | { sessionId: string | null; address: string };

export interface InteractionsServiceDeps {
  db: Executor;
  config: Config;
  now: () => Date;
  /** Records likes, comments and replies as the recipients' activity, in the same transaction. */
  notifications?: NotificationsService | undefined;
}

/** PostgreSQL's foreign-key violation: the klip or the parent went away in between (a 404, not a 500). */
function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23503';
}

export function createInteractionsService({ db, config, now, notifications }: InteractionsServiceDeps) {
  const repository = createInteractionsRepository(db);
  const recorder = notifications?.recorder;

  /** Runs work in a transaction, after checking that the klip is active; a 404 otherwise. */
  async function onActiveKlip<T>(
    klipId: string,
    work: (repository: InteractionsRepository, tx: Executor) => Promise<T>,
    /** A klip its owner keeps from this reader is, to them, no klip (decision 0071). */
    reader?: Reader,
  ): Promise<T> {
    try {
      return await runInTransaction(db, async (tx) => {
        const repo = createInteractionsRepository(tx);
        if (!(await repo.findActiveKlip(klipId, reader))) notFound();
        return work(repo, tx);
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) notFound();
      throw error;
    }
  }

  function notFound(): never {
    throw new AppError('not-found', KLIP_MESSAGES.notFound);
  }

  function toComment(record: CommentRecord): Comment {
    return {
      id: record.id,
      klipId: record.klipId,
      content: record.content,
      createdAt: record.createdAt.toISOString(),
      status: 'active',
      uid: record.userId,
      userName: getKlipUserName(record),
      userAvatar: toCreatorAvatar(record.avatarVariants, config),
      username: record.username,
      replyCount: record.replyCount,
      metadata: { parentCommentId: record.parentCommentId, isReply: record.parentCommentId !== null },
    };
  }

  /**
   * The top-level comment a reply attaches to (replies are one level deep: a reply to a reply goes under its
   * parent) and the name its content starts with, from metadata or, when that is missing, guessed from a
   * "{name}:" prefix. null for a top-level comment.
   */
  async function resolveParent(
    repo: InteractionsRepository,
    klipId: string,
    content: string,
    parentCommentId: string | null | undefined,
  ): Promise<{ id: string; name: string } | null> {
    if (parentCommentId) {
      const parent = await repo.findComment(klipId, parentCommentId);
      if (!parent) throw new AppError('not-found', INTERACTION_MESSAGES.commentNotFound);
      return { id: parent.parentCommentId ?? parent.id, name: getKlipUserName(parent) };
    }
    const prefix = /^([^\s:][^:]{0,63}):/.exec(content)?.[1]?.trim();
    if (!prefix) return null;
    const id = await repo.findParentByAuthorName(klipId, prefix);
    return id ? { id, name: prefix } : null;
  }

  return {
    /** Counts the viewer once per klip per UTC day: the counter moves only when the day's row was added. */
    async view(klipId: string, viewer: Viewer): Promise<{ views: number }> {
      const day = now().toISOString().slice(0, 10);
      return onActiveKlip(
        klipId,
        async (repo) => {
          const current = async () => ({ views: (await repo.findActiveKlip(klipId))!.views });
          let viewerKey: string;
          let addressHash: string | null = null;
          if ('userId' in viewer) {
            viewerKey = `user:${viewer.userId}`;
          } else {
            addressHash = createHash('sha256').update(viewer.address).digest('base64url');
            // No session id: the address stands for the viewer.
            viewerKey = `anon:${viewer.sessionId ?? `address:${addressHash}`}`;
            const from = await repo.anonymousViewsFrom(klipId, day, addressHash, viewerKey);
            if (from.seen || from.count >= ANONYMOUS_VIEWERS_PER_ADDRESS) return current();
          }
          if (await repo.insertView(klipId, viewerKey, day, addressHash))
            return { views: await repo.bumpViews(klipId) };
          return current();
        },
        toReader('userId' in viewer ? viewer.userId : null),
      );
    },

    /**
     * Toggles the user's like. The insert's unique key decides: a second concurrent like by the same user finds
     * the first one's row (after waiting for it) and removes it, so the end state is liked or not, and likes always
     * equals the rows.
     */
    async toggleLike(klipId: string, userId: string) {
      let effects: NotificationEffects | undefined;
      const result = await onActiveKlip(
        klipId,
        async (repo, tx) => {
          // The klip's counter row before the owner's activity rows, in the order a comment takes them: a like and
          // a comment on one klip at once must not deadlock.
          if (await repo.insertLike(klipId, userId, now())) {
            const likes = await repo.addLikes(klipId, 1);
            effects = await recorder?.liked(tx, klipId, userId);
            return { liked: true, likes, message: INTERACTION_MESSAGES.liked };
          }
          const removed = await repo.deleteLike(klipId, userId);
          const likes = removed
            ? await repo.addLikes(klipId, -1)
            : (await repo.findActiveKlip(klipId))!.likes;
          if (removed) effects = await recorder?.unliked(tx, klipId, userId);
          return { liked: false, likes, message: INTERACTION_MESSAGES.unliked };
        },
        toReader(userId),
      );
      if (effects) notifications?.afterCommit(effects);
      return result;
    },

    async likeStatus(klipId: string, userId: string | undefined): Promise<{ liked: boolean }> {
      if (!(await repository.findActiveKlip(klipId, toReader(userId)))) notFound();
      return { liked: userId ? await repository.isLiked(klipId, userId) : false };
    },

    async stats(klipId: string, userId: string | undefined) {
      const counters = await repository.findActiveKlip(klipId, toReader(userId));
      if (!counters) notFound();
      return { ...counters, isLiked: userId ? await repository.isLiked(klipId, userId) : false };
    },

    async postComment(klipId: string, userId: string, body: PostCommentBody) {
      const trimmed = body.content.trim();
      if (!trimmed) throw new AppError('bad-request', INTERACTION_MESSAGES.commentBlank);
      let effects: NotificationEffects | undefined;
      const result = await onActiveKlip(
        klipId,
        async (repo, tx) => {
          const parent = await resolveParent(repo, klipId, trimmed, body.metadata?.parentCommentId);
          // docs/product.md "Comment": a reply's content starts with the parent author's name and a colon.
          const content =
            parent && !trimmed.startsWith(`${parent.name}:`) ? `${parent.name}: ${trimmed}` : trimmed;
          if (content.length > COMMENT_MAX_LENGTH)
            throw new AppError('bad-request', INTERACTION_MESSAGES.commentTooLong(COMMENT_MAX_LENGTH));
          // The parent's row first (its reply count), then the klip's: the same order as a delete.
          if (parent && !(await repo.bumpReplyCount(parent.id, 1)))
            throw new AppError('not-found', INTERACTION_MESSAGES.commentNotFound);
          const id = ulid();
          await repo.insertComment({
            id,
            klipId,
            userId,
            parentCommentId: parent?.id ?? null,
            content,
            createdAt: now(),
          });
          const commentCount = await repo.addComments(klipId, 1);
          effects = await recorder?.commented(tx, {
            id,
            klipId,
            actorId: userId,
            parentCommentId: parent?.id ?? null,
            content,
          });
          const record = (await repo.findComment(klipId, id))!;
          return {
            comment: toComment(record),
            commentCount,
            message: parent ? INTERACTION_MESSAGES.replyPosted : INTERACTION_MESSAGES.commentPosted,
          };
        },
        toReader(userId),
      );
      if (effects) notifications?.afterCommit(effects);
      return result;
    },

    async listComments(klipId: string, query: ListCommentsQuery, readerId?: string) {
      const counters = await repository.findActiveKlip(klipId, toReader(readerId));
      if (!counters) notFound();
      const parentId = query.parentCommentId ?? null;
      const limit = query.limit ?? (parentId ? REPLIES_PAGE_SIZE : COMMENTS_PAGE_SIZE);
      // Comments newest first by default; replies read as a conversation, oldest first.
      const newestFirst = (query.sort ?? (parentId ? 'oldest' : 'newest')) === 'newest';
      const after = query.lastEvaluatedKey
        ? decodeReadableKey(query.lastEvaluatedKey, CursorSchema)
        : undefined;
      const rows = await repository.listComments({ klipId, parentId, newestFirst, after, limit: limit + 1 });
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        comments: page.map(toComment),
        pagination: {
          lastEvaluatedKey:
            hasMore && last ? encodeReadableKey({ createdAt: last.createdKey, id: last.id }) : null,
          hasMore,
        },
        commentCount: counters.comments,
      };
    },

    /**
     * Only its author deletes a comment; its replies go with it, and both counters drop by what went. A klip its
     * owner now keeps from the author is, to them, no klip (decision 0071): its comments stay until it is shown again.
     */
    async deleteComment(klipId: string, commentId: string, userId: string) {
      let effects: NotificationEffects | undefined;
      const result = await onActiveKlip(
        klipId,
        async (repo, tx) => {
          // Rows lock parent first, then reply, as a reply's post does: deleting a thread and one of its replies
          // at once must not deadlock. The reply's row is read again after its parent's lock.
          const found = await repo.findComment(klipId, commentId);
          if (found?.parentCommentId) await repo.lockComment(klipId, found.parentCommentId);
          const comment = found && (await repo.lockComment(klipId, commentId));
          if (!comment) throw new AppError('not-found', INTERACTION_MESSAGES.commentNotFound);
          if (comment.userId !== userId) throw new AppError('forbidden', INTERACTION_MESSAGES.notYourComment);
          // The klip's counters row before the activity rows the delete cascades to, in the order a post or a like
          // takes them (no deadlock between them). Its notifications and its replies' go with the rows (ON DELETE
          // CASCADE); their recipients hear of it.
          await repo.lockCounters(klipId);
          effects = await recorder?.commentsDeleting(tx, commentId);
          const removed = await repo.deleteCommentAndReplies(commentId);
          if (comment.parentCommentId) await repo.bumpReplyCount(comment.parentCommentId, -1);
          const commentCount = await repo.addComments(klipId, -removed);
          return {
            commentCount,
            message: comment.parentCommentId
              ? INTERACTION_MESSAGES.replyDeleted
              : INTERACTION_MESSAGES.commentDeleted,
          };
        },
        toReader(userId),
      );
      if (effects) notifications?.afterCommit(effects);
      return result;
    },

    async record(body: PostInteractionBody, userId: string | undefined): Promise<void> {
      const extras = body.extras ?? {};
      if (Buffer.byteLength(JSON.stringify(extras)) > INTERACTION_EXTRAS_MAX_BYTES)
        throw new AppError('bad-request', INTERACTION_MESSAGES.extrasTooLarge(INTERACTION_EXTRAS_MAX_BYTES));
      // Anyone may write these, signed in or not: only about content that exists (decision 0049) and that the
      // writer may see (decision 0071).
      if (!(await repository.hasContent(body.contentId, toReader(userId))))
        throw new AppError('not-found', INTERACTION_MESSAGES.contentNotFound(body.contentId));
      await repository.insertInteraction({
        id: ulid(),
        contentId: body.contentId,
        type: body.type,
        userId: userId ?? null,
        extras,
        createdAt: now(),
      });
    },
  };
}

export type InteractionsService = ReturnType<typeof createInteractionsService>;

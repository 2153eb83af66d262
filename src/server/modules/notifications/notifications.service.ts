// The user's activity (docs/product.md "Notifications"; decisions 0077 and 0078). Rows are written by
// the recorder inside the transaction of the like or comment they are about (decision 0026: the comment, its
// counter and its notification commit together); what follows a commit (the live streams, the e-mail) runs after
// it, and a failure there never fails the like or comment.
import { ulid } from 'ulid';
import { z } from 'zod';
import type {
  ListNotificationsQuery,
  ListNotificationsResponse,
  NotificationGroup,
  NotificationKind,
} from '../../../shared/contracts/notifications.ts';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_OFFER_ENDING_WITHIN_MS,
  NOTIFICATIONS_PAGE_SIZE,
} from '../../../shared/constants.ts';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings-defaults.ts';
import { getKlipUserName } from '../../../shared/domain/display-name.ts';
import { NOTIFICATION_MESSAGES } from '../../../shared/notifications-messages.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/transaction.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import {
  CursorIdSchema,
  CursorTimestampSchema,
  decodeCursor,
  encodeCursor,
} from '../content/content-cursor.ts';
import type { NotificationHub } from './notification-hub.ts';
import {
  createNotificationsRepository,
  type GroupCursor,
  type NotificationDetail,
  type NotificationInsert,
} from './notifications.repository.ts';

const GroupCursorSchema: z.ZodType<GroupCursor> = z.object({
  createdAt: CursorTimestampSchema,
  id: CursorIdSchema,
});

/** The settings switch of each kind (src/shared/contracts/settings.ts). */
const KIND_SWITCH = {
  like: 'likes',
  comment: 'comments',
  reply: 'replies',
  offer_ending: 'offerEndings',
} as const satisfies Record<NotificationKind, keyof typeof DEFAULT_SETTINGS.notifications>;

type NotificationPrefs = typeof DEFAULT_SETTINGS.notifications;

/** The stored notification settings, field by field over the defaults (decision 0070's per-field fallback). */
function toPrefs(stored: unknown): NotificationPrefs {
  const prefs = { ...DEFAULT_SETTINGS.notifications };
  if (stored && typeof stored === 'object') {
    for (const key of Object.keys(prefs) as Array<keyof NotificationPrefs>) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === 'boolean') prefs[key] = value;
    }
  }
  return prefs;
}

/** What a write leaves to do once its transaction has committed. */
export interface NotificationEffects {
  recipients: string[];
  mails: Mail[];
}

export const noEffects = (): NotificationEffects => ({ recipients: [], mails: [] });

export interface NotificationsServiceDeps {
  db: Executor;
  now: () => Date;
  hub: NotificationHub;
  /** Sends comment and reply e-mails; none: no e-mail (tests of other modules). */
  mailer?: Mailer | undefined;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** How often one instance looks for a user's Loot Box offers ending soon when they read their count. */
const OFFER_SCAN_EVERY_MS = 5 * 60_000;
const OFFER_SCAN_MEMORY = 10_000;

export function createNotificationsService({
  db,
  now,
  hub,
  mailer,
  publicUrl,
  log,
}: NotificationsServiceDeps) {
  const repository = createNotificationsRepository(db);
  const lastOfferScan = new Map<string, number>();

  /** The rows whose recipient has their kind switched on; never the actor themselves. */
  async function allowed(tx: Executor, rows: NotificationInsert[]) {
    const candidates = rows.filter((row) => row.recipientId !== row.actorId);
    const settings = await createNotificationsRepository(tx).notificationSettings([
      ...new Set(candidates.map((row) => row.recipientId)),
    ]);
    return candidates
      .map((row) => ({ row, prefs: toPrefs(settings.get(row.recipientId)) }))
      .filter(({ row, prefs }) => prefs[KIND_SWITCH[row.kind]]);
  }

  const klipLink = (klipId: string) => new URL(`/klips/${encodeURIComponent(klipId)}`, publicUrl).toString();

  /** Offers ending within 24 h on the user's Loot Box products, recorded once per offer (decision 0077). */
  async function recordOfferEndings(userId: string): Promise<void> {
    const at = now();
    const last = lastOfferScan.get(userId);
    if (last !== undefined && at.getTime() - last < OFFER_SCAN_EVERY_MS) return;
    if (lastOfferScan.size >= OFFER_SCAN_MEMORY) lastOfferScan.clear();
    lastOfferScan.set(userId, at.getTime());
    const prefs = toPrefs((await repository.notificationSettings([userId])).get(userId));
    if (!prefs.offerEndings) return;
    const ending = await repository.endingOffersInLootbox(
      userId,
      at,
      new Date(at.getTime() + NOTIFICATION_OFFER_ENDING_WITHIN_MS),
    );
    await repository.insert(
      ending.map(({ offerId, productId }) => ({
        id: ulid(),
        recipientId: userId,
        kind: 'offer_ending',
        actorId: null,
        klipId: null,
        commentId: null,
        productId,
        offerId,
        groupKey: `offer_ending:${offerId}`,
        createdAt: at,
      })),
    );
  }

  function toGroup(
    row: {
      groupKey: string;
      kind: NotificationKind;
      latest: Date;
      count: number;
      actors: number;
      unread: boolean;
    },
    detail: NotificationDetail | undefined,
    recipientId: string,
  ): NotificationGroup {
    const actorName =
      detail && detail.actorUsername !== null
        ? detail.actorVisible
          ? getKlipUserName({ username: detail.actorUsername, displayName: detail.actorDisplayName ?? '' })
          : NOTIFICATION_MESSAGES.someone
        : null;
    const others = Math.max(0, row.actors - 1);
    const name = actorName ?? NOTIFICATION_MESSAGES.someone;
    const title = detail?.klipTitle ?? '';
    const summary =
      row.kind === 'like'
        ? NOTIFICATION_MESSAGES.liked(name, others, title)
        : row.kind === 'comment'
          ? NOTIFICATION_MESSAGES.commented(name, others, title)
          : row.kind === 'reply'
            ? detail?.parentAuthorId === recipientId
              ? NOTIFICATION_MESSAGES.repliedToYou(name, others, title)
              : NOTIFICATION_MESSAGES.replied(name, others, title)
            : NOTIFICATION_MESSAGES.offerEnding(detail?.offerTitle ?? '', detail?.productName ?? '');
    return {
      id: row.groupKey,
      kind: row.kind,
      summary,
      actorName,
      count: row.count,
      others,
      unread: row.unread,
      createdAt: row.latest.toISOString(),
      klipId: detail?.klipId ?? null,
      commentId: detail?.commentId ?? null,
      productId: detail?.productId ?? null,
      offerId: detail?.offerId ?? null,
    };
  }

  return {
    /** Writes inside the caller's transaction; each returns what to do after its commit. */
    recorder: {
      async liked(tx: Executor, klipId: string, actorId: string): Promise<NotificationEffects> {
        const owner = await createNotificationsRepository(tx).klipOwner(klipId);
        if (!owner) return noEffects();
        const rows = await allowed(tx, [
          {
            id: ulid(),
            recipientId: owner,
            kind: 'like',
            actorId,
            klipId,
            commentId: null,
            productId: null,
            offerId: null,
            groupKey: `like:${klipId}`,
            createdAt: now(),
          },
        ]);
        await createNotificationsRepository(tx).insert(rows.map(({ row }) => row));
        return { recipients: rows.map(({ row }) => row.recipientId), mails: [] };
      },

      async unliked(tx: Executor, klipId: string, actorId: string): Promise<NotificationEffects> {
        return { recipients: await createNotificationsRepository(tx).deleteLike(klipId, actorId), mails: [] };
      },

      /** A comment notifies the klip's owner; a reply, the owner and the parent comment's author (once each). */
      async commented(
        tx: Executor,
        comment: {
          id: string;
          klipId: string;
          actorId: string;
          parentCommentId: string | null;
          content: string;
        },
      ): Promise<NotificationEffects> {
        const repo = createNotificationsRepository(tx);
        const owner = await repo.klipOwner(comment.klipId);
        const parentAuthor = comment.parentCommentId
          ? await repo.commentAuthor(comment.parentCommentId)
          : undefined;
        const kind: NotificationKind = comment.parentCommentId ? 'reply' : 'comment';
        const groupKey = comment.parentCommentId
          ? `reply:${comment.parentCommentId}`
          : `comment:${comment.klipId}`;
        const recipients = [...new Set([owner, parentAuthor].filter((id): id is string => Boolean(id)))];
        const at = now();
        const rows = await allowed(
          tx,
          recipients.map((recipientId) => ({
            id: ulid(),
            recipientId,
            kind,
            actorId: comment.actorId,
            klipId: comment.klipId,
            commentId: comment.id,
            productId: null,
            offerId: null,
            groupKey,
            createdAt: at,
          })),
        );
        await repo.insert(rows.map(({ row }) => row));
        // docs/decisions/0077: comments and replies are mailed (not likes), when the recipient has e-mail on.
        const mails: Mail[] = [];
        const mailed = mailer ? rows.filter(({ prefs }) => prefs.emailNotifications) : [];
        if (mailed.length > 0) {
          const actor = await repo.actor(comment.actorId);
          const name = actor?.visible ? getKlipUserName(actor) : NOTIFICATION_MESSAGES.someone;
          for (const { row } of mailed) {
            const to = await repo.emailOf(row.recipientId);
            if (!to) continue;
            const subject =
              kind === 'reply'
                ? NOTIFICATION_MESSAGES.mailReplySubject(name)
                : NOTIFICATION_MESSAGES.mailSubject(name);
            mails.push({
              to,
              subject,
              text: NOTIFICATION_MESSAGES.mailText(subject, comment.content, klipLink(comment.klipId)),
            });
          }
        }
        return { recipients: rows.map(({ row }) => row.recipientId), mails };
      },

      /** Before a comment and its replies are deleted: whose activity changes (the rows go by cascade). */
      async commentsDeleting(tx: Executor, commentId: string): Promise<NotificationEffects> {
        return {
          recipients: await createNotificationsRepository(tx).recipientsOfThread(commentId),
          mails: [],
        };
      },
    },

    /** After the commit: the streams hear of it, and the e-mails go (a failure is logged, never thrown). */
    afterCommit(effects: NotificationEffects): void {
      hub.publish(effects.recipients);
      for (const mail of effects.mails) {
        void mailer?.send(mail).catch((error: Error) => {
          log.warn({ err: error.message }, 'notification e-mail not sent');
        });
      }
    },

    async list(
      userId: string,
      query: ListNotificationsQuery,
    ): Promise<Omit<ListNotificationsResponse, 'success'>> {
      await recordOfferEndings(userId);
      const limit = query.limit ?? NOTIFICATIONS_PAGE_SIZE;
      const after = query.lastEvaluatedKey
        ? decodeCursor(query.lastEvaluatedKey, GroupCursorSchema)
        : undefined;
      const prefs = toPrefs((await repository.notificationSettings([userId])).get(userId));
      const kinds = NOTIFICATION_KINDS.filter((kind) => prefs[KIND_SWITCH[kind]]);
      const rows = await repository.listGroups(userId, kinds, after, limit + 1);
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit);
      const details = new Map(
        (await repository.details(page.map((row) => row.newestId))).map((d) => [d.id, d]),
      );
      const last = page.at(-1);
      return {
        items: page.map((row) => toGroup(row, details.get(row.newestId), userId)),
        lastEvaluatedKey:
          hasMore && last ? encodeCursor({ createdAt: last.latestKey, id: last.groupKey }) : null,
        hasMore,
        unreadCount: await repository.unreadCount(userId),
      };
    },

    async unreadCount(userId: string): Promise<number> {
      await recordOfferEndings(userId);
      return repository.unreadCount(userId);
    },

    /** The user's count may have moved outside this service (a kind switched off): their streams hear of it. */
    activityChanged(userId: string): void {
      hub.publish([userId]);
    },

    async markRead(userId: string, groupIds: string[]): Promise<number> {
      await repository.markGroupsRead(userId, groupIds, now());
      hub.publish([userId]);
      return repository.unreadCount(userId);
    },

    async markAllRead(userId: string): Promise<number> {
      await repository.markAllRead(userId, now());
      hub.publish([userId]);
      return repository.unreadCount(userId);
    },

    klipLink,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

// A klip's likes, comments and shares (docs/product.md "Klip interaction calls", "Klip interactions API"): the calls
// under /api/v1/interactions/klips/{id}, the stats every action column reads (one query per klip, so the counts on
// the buttons follow every change), and the generic POST /api/v1/interactions a share records.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { REPLIES_PAGE_SIZE, COMMENTS_PAGE_SIZE } from '../../../../shared/constants.ts';
import type { Comment } from '../../../../shared/contracts/interactions.ts';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import type { KlipShareTarget } from '../../../../shared/domain/share-links.ts';
import { api, ApiError } from '../../../lib/api-client.ts';

export type KlipStats = { likes: number; views: number; comments: number; isLiked: boolean };
export type CommentSort = 'newest' | 'oldest';
export type CommentPage = { comments: Comment[]; lastEvaluatedKey: string | null; hasMore: boolean };

const base = (klipId: string) => `/interactions/klips/${encodeURIComponent(klipId)}`;

export const interactionKeys = {
  stats: (klipId: string) => ['klips', 'stats', klipId] as const,
};

/** No response at all (ApiError status 0): the spec's "Network error: ..." toasts. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

export async function toggleLike(klipId: string): Promise<{ liked: boolean; likes: number }> {
  const answer = await api.post<{ liked: boolean; likes: number }>(`${base(klipId)}/like`);
  return { liked: answer.liked, likes: answer.likes };
}

export async function fetchStats(klipId: string, signal?: AbortSignal): Promise<KlipStats> {
  const answer = await api.get<KlipStats>(`${base(klipId)}/stats`, { signal });
  return { likes: answer.likes, views: answer.views, comments: answer.comments, isLiked: answer.isLiked };
}

/** A page of comments (10) or of one comment's replies (100), after `lastEvaluatedKey` when given. */
export async function fetchComments(
  klipId: string,
  {
    sort,
    lastEvaluatedKey,
    parentCommentId,
  }: { sort?: CommentSort; lastEvaluatedKey?: string | null; parentCommentId?: string },
): Promise<CommentPage & { commentCount: number }> {
  const answer = await api.get<{
    comments: Comment[];
    pagination: { lastEvaluatedKey: string | null; hasMore: boolean };
    commentCount: number;
  }>(`${base(klipId)}/comments`, {
    query: {
      sort,
      limit: parentCommentId ? REPLIES_PAGE_SIZE : COMMENTS_PAGE_SIZE,
      lastEvaluatedKey: lastEvaluatedKey ?? undefined,
      parentCommentId,
    },
  });
  return {
    comments: answer.comments,
    lastEvaluatedKey: answer.pagination.lastEvaluatedKey,
    hasMore: answer.pagination.hasMore,
    commentCount: answer.commentCount,
  };
}

/** A comment, or a reply to `parentCommentId` (the server starts a reply's text with the parent's name). */
export async function postComment(
  klipId: string,
  content: string,
  parentCommentId: string | null,
): Promise<{ comment: Comment; commentCount: number }> {
  const answer = await api.post<{ comment: Comment; commentCount: number }>(`${base(klipId)}/comments`, {
    content,
    ...(parentCommentId ? { metadata: { parentCommentId } } : {}),
  });
  return { comment: answer.comment, commentCount: answer.commentCount };
}

export async function deleteComment(klipId: string, commentId: string): Promise<{ commentCount: number }> {
  const answer = await api.delete<{ commentCount: number }>(
    `${base(klipId)}/comments/${encodeURIComponent(commentId)}`,
  );
  return { commentCount: answer.commentCount };
}

/** Records a share (docs/product.md "Klip interactions API": POST /interactions); a failure is only logged. */
export function recordShare(klipId: string, target: KlipShareTarget): void {
  api
    .post('/interactions', { contentId: klipId, type: 'share', extras: { target } })
    .catch(() => console.warn(`the share of klip ${klipId} was not recorded`));
}

/** The counts a klip shows until its stats answer: what the klip itself carried. */
export function statsFromKlip(klip: Klip): KlipStats {
  return { likes: klip.likes, views: klip.views, comments: klip.commentCount, isLiked: false };
}

/**
 * The klip's stats (likes, views, comments, and whether the user liked it); not asked for in preview (a klip that
 * is not active answers 404). Until they arrive, the klip's own counts.
 */
export function useKlipStats(klip: Klip, { enabled }: { enabled: boolean }) {
  const query = useQuery({
    queryKey: interactionKeys.stats(klip.id),
    enabled,
    queryFn: ({ signal }) => fetchStats(klip.id, signal),
  });
  return query.data ?? statsFromKlip(klip);
}

/** Changes the cached stats of a klip (starting from the klip's own counts when none are cached yet). */
export function useUpdateStats(klip: Klip) {
  const queryClient = useQueryClient();
  return useCallback(
    (change: (stats: KlipStats) => KlipStats) => updateStats(queryClient, klip, change),
    [queryClient, klip],
  );
}

function updateStats(queryClient: QueryClient, klip: Klip, change: (stats: KlipStats) => KlipStats) {
  queryClient.setQueryData<KlipStats>(interactionKeys.stats(klip.id), (stats) =>
    change(stats ?? statsFromKlip(klip)),
  );
}

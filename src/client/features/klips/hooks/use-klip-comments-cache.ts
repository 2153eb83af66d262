// The caches behind a klip's comments panel (decision 0061): one infinite query per klip and order for the
// top-level comments, one query per opened comment for its replies, and the pure edits the optimistic updates
// make to them (put a comment in, swap it, take it out and put it back where it was, change a reply count).
import { queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Comment } from '../../../../shared/contracts/interactions.ts';
import { INTERACTION_MESSAGES } from '../../../../shared/klip-social-messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchComments, isNetworkError, type CommentPage, type CommentSort } from '../api/interactions.ts';
import { toast } from '../../../lib/toast.ts';

export const TEMPORARY_PREFIX = 'temp-';

/** A comment not yet confirmed by the server: it cannot be deleted (docs/product.md "Comments"). */
export function isTemporaryComment(comment: Pick<Comment, 'id'>): boolean {
  return comment.id.startsWith(TEMPORARY_PREFIX);
}

/** The top-level comment a comment belongs under: its parent for a reply, itself otherwise. */
export function getThreadId(comment: Comment): string {
  return comment.metadata.parentCommentId ?? comment.id;
}

export type ReplyTarget = { commentId: string; threadId: string; name: string };

/** Not under `klipKeys.all`: a klip's edit or delete invalidates its lists, never an open comments panel. */
export const commentKeys = {
  all: (klipId: string) => ['klip-comments', klipId] as const,
  list: (klipId: string, sort: CommentSort) => ['klip-comments', klipId, 'list', sort] as const,
  replies: (klipId: string, threadId: string) => ['klip-comments', klipId, 'replies', threadId] as const,
};

/**
 * Each opening of the panel, and each change of order, starts from the server again (gone once nothing shows
 * them); while open, nothing loads twice, and a failed load says so at once instead of trying again.
 */
export const PANEL_CACHE = { gcTime: 0, staleTime: Infinity, retry: false } as const;

export type CommentPages = InfiniteData<CommentPage>;

/** Where a comment was, so a refused delete puts it back there. */
export type CommentPlace = { page: number; index: number };

/** The loaded comments in order, each once (a comment posted meanwhile can come again in a later page). */
export function flattenCommentPages(data: CommentPages | undefined): Comment[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) =>
    page.comments.filter((comment) => !seen.has(comment.id) && Boolean(seen.add(comment.id))),
  );
}

/** Adds items that a load did not bring (temporary ones, or ones posted meanwhile) after the loaded ones. */
export function mergeLoaded(loaded: Comment[], current: Comment[]): Comment[] {
  const ids = new Set(loaded.map((comment) => comment.id));
  return [...loaded, ...current.filter((comment) => !ids.has(comment.id))];
}

function mapPages(
  data: CommentPages,
  change: (comments: Comment[], page: number) => Comment[],
): CommentPages {
  return {
    ...data,
    pages: data.pages.map((page, index) => ({ ...page, comments: change(page.comments, index) })),
  };
}

/** Where a new comment would be: first when the newest come first, else last of what is loaded. */
export function addToPages(data: CommentPages, comment: Comment, sort: CommentSort): CommentPages {
  const at = sort === 'newest' ? 0 : data.pages.length - 1;
  return mapPages(data, (comments, page) =>
    page !== at ? comments : sort === 'newest' ? [comment, ...comments] : [...comments, comment],
  );
}

/** Swaps the comment `id` for `next`, or takes it out when `next` is null. */
export function replaceComment(items: Comment[], id: string, next: Comment | null): Comment[] {
  return next ? items.map((item) => (item.id === id ? next : item)) : items.filter((item) => item.id !== id);
}

export function replaceInPages(data: CommentPages, id: string, next: Comment | null): CommentPages {
  return mapPages(data, (comments) => replaceComment(comments, id, next));
}

export function findInPages(data: CommentPages | undefined, id: string): CommentPlace | null {
  for (const [page, { comments }] of (data?.pages ?? []).entries()) {
    const index = comments.findIndex((comment) => comment.id === id);
    if (index >= 0) return { page, index };
  }
  return null;
}

/** Puts a comment back at `index` (or last), unless it is there already. */
export function restoreComment(items: Comment[], comment: Comment, index: number): Comment[] {
  if (items.some((item) => item.id === comment.id)) return items;
  const at = index < 0 ? items.length : Math.min(index, items.length);
  return [...items.slice(0, at), comment, ...items.slice(at)];
}

export function restoreInPages(
  data: CommentPages,
  comment: Comment,
  place: CommentPlace | null,
): CommentPages {
  const at = place ?? { page: data.pages.length - 1, index: -1 };
  return mapPages(data, (comments, page) =>
    page === at.page ? restoreComment(comments, comment, at.index) : comments,
  );
}

export function changeReplyCount(data: CommentPages, threadId: string, by: number): CommentPages {
  return mapPages(data, (comments) =>
    comments.map((item) =>
      item.id === threadId ? { ...item, replyCount: Math.max(0, item.replyCount + by) } : item,
    ),
  );
}

export function loadFailedToast(error: unknown): void {
  // A klip that is gone or not published answers 404: the comments are not there to load.
  if (error instanceof ApiError && error.status === 404)
    toast.error(INTERACTION_MESSAGES.commentsUnavailable);
  else
    toast.error(
      isNetworkError(error)
        ? INTERACTION_MESSAGES.commentsLoadNetworkFailed
        : INTERACTION_MESSAGES.commentsLoadFailed,
    );
}

/** A comment's replies (100, oldest first), keeping any reply posted while they were on their way. */
export function repliesQueryOptions(queryClient: QueryClient, klipId: string, threadId: string) {
  const queryKey = commentKeys.replies(klipId, threadId);
  return queryOptions({
    queryKey,
    queryFn: async () => {
      try {
        const page = await fetchComments(klipId, { parentCommentId: threadId, sort: 'oldest' });
        return mergeLoaded(page.comments, queryClient.getQueryData<Comment[]>(queryKey) ?? []);
      } catch (error) {
        loadFailedToast(error);
        throw error;
      }
    },
    ...PANEL_CACHE,
  });
}

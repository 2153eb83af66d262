// A klip's comments as its panel shows them (docs/product.md "Klip interaction", "Comments"; decision 0061): pages
// of 10 on an infinite query, newest or oldest first, each comment's replies loaded when first opened (100), and
// the post and delete mutations that show their change at once and undo it on failure. The klip's comment count
// (the stats every action column reads) follows each change.
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Comment } from '../../../../shared/contracts/interactions.ts';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { fetchComments, useUpdateStats, type CommentSort } from '../api/interactions.ts';
import {
  commentKeys,
  flattenCommentPages,
  isTemporaryComment,
  loadFailedToast,
  PANEL_CACHE,
  repliesQueryOptions,
} from './use-klip-comments-cache.ts';
import { useCommentMutations } from './use-klip-comments-mutations.ts';

export type CommentList = {
  status: 'loading' | 'loaded' | 'error';
  comments: Comment[];
  hasMore: boolean;
  loadingMore: boolean;
};

export function useKlipComments(klip: Klip, { active }: { active: boolean }) {
  const updateStats = useUpdateStats(klip);
  const [sort, setSort] = useState<CommentSort>('newest');
  /** The comments whose replies show. */
  const [openThreads, setOpenThreads] = useState<Record<string, boolean>>({});

  const setCount = useCallback(
    (change: (count: number) => number) =>
      updateStats((stats) => ({ ...stats, comments: Math.max(0, change(stats.comments)) })),
    [updateStats],
  );

  const query = useInfiniteQuery({
    queryKey: commentKeys.list(klip.id, sort),
    enabled: active,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      try {
        const { commentCount, ...page } = await fetchComments(klip.id, {
          sort,
          lastEvaluatedKey: pageParam,
        });
        if (pageParam === null) setCount(() => commentCount);
        return page;
      } catch (error) {
        loadFailedToast(error);
        throw error;
      }
    },
    // The spec's lastEvaluatedKey, passed back as the server gave it.
    getNextPageParam: (page) => (page.hasMore ? (page.lastEvaluatedKey ?? undefined) : undefined),
    ...PANEL_CACHE,
  });

  const list: CommentList = {
    status: query.data ? 'loaded' : query.isError ? 'error' : 'loading',
    comments: flattenCommentPages(query.data),
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
  };

  async function loadMore(): Promise<void> {
    if (query.isFetchingNextPage || !query.hasNextPage) return;
    await query.fetchNextPage();
  }

  /** Opens a comment's replies (which load the first time) or closes them. */
  function toggleReplies(comment: Comment, { open }: { open?: boolean } = {}): void {
    setOpenThreads((all) => ({ ...all, [comment.id]: open ?? !all[comment.id] }));
  }

  const { post, remove } = useCommentMutations(klip, {
    sort,
    setCount,
    openThread: (threadId) => setOpenThreads((all) => ({ ...all, [threadId]: true })),
  });

  /** Newest or oldest first: the list starts over, every thread closed. */
  function changeSort(next: CommentSort): void {
    if (next === sort) return;
    setOpenThreads({});
    setSort(next);
  }

  return { sort, setSort: changeSort, list, openThreads, loadMore, toggleReplies, post, remove };
}

export type KlipComments = ReturnType<typeof useKlipComments>;

/** A comment's replies, asked for once its thread first opens (not for a comment with none, or a temporary one). */
export function useCommentReplies(klipId: string, comment: Comment, open: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...repliesQueryOptions(queryClient, klipId, comment.id),
    enabled: open && comment.replyCount > 0 && !isTemporaryComment(comment),
  });
  return { items: query.data ?? [], loading: query.isFetching && !query.data?.length };
}

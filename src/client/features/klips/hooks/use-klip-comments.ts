// A klip's comments as its panel shows them (docs/product.md "Klip interaction", "Comments"): pages of 10, newest or
// oldest first, each comment's replies loaded when first opened (100), a new comment or reply shown at once with a
// temporary id and then replaced by the server's copy or removed, and a delete that is undone on failure. The
// klip's comment count (the stats every action column reads) follows each change.
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { Comment } from '../../../../shared/contracts/interactions.ts';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { getKlipUserName } from '../../../../shared/domain/display-name.ts';
import { INTERACTION_MESSAGES } from '../../../../shared/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { AuthUser } from '../../../lib/auth.ts';
import {
  deleteComment,
  fetchComments,
  isNetworkError,
  postComment,
  useUpdateStats,
  type CommentSort,
} from '../api/interactions.ts';

const TEMPORARY_PREFIX = 'temp-';

/** A comment not yet confirmed by the server: it cannot be deleted (docs/product.md "Comments"). */
export function isTemporaryComment(comment: Pick<Comment, 'id'>): boolean {
  return comment.id.startsWith(TEMPORARY_PREFIX);
}

/** The top-level comment a comment belongs under: its parent for a reply, itself otherwise. */
export function getThreadId(comment: Comment): string {
  return comment.metadata.parentCommentId ?? comment.id;
}

export type ReplyTarget = { commentId: string; threadId: string; name: string };

export type Thread = { open: boolean; status: 'idle' | 'loading' | 'loaded' | 'error'; items: Comment[] };

type ListState = {
  status: 'loading' | 'loaded' | 'error';
  comments: Comment[];
  lastEvaluatedKey: string | null;
  hasMore: boolean;
  loadingMore: boolean;
};

const EMPTY_LIST: ListState = {
  status: 'loading',
  comments: [],
  lastEvaluatedKey: null,
  hasMore: false,
  loadingMore: false,
};
const CLOSED_THREAD: Thread = { open: false, status: 'idle', items: [] };

let temporaryCounter = 0;

function loadFailedToast(error: unknown): void {
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

/** Adds items that a load did not bring (temporary ones, or ones posted meanwhile) after the loaded ones. */
function mergeLoaded(loaded: Comment[], current: Comment[]): Comment[] {
  const ids = new Set(loaded.map((comment) => comment.id));
  return [...loaded, ...current.filter((comment) => !ids.has(comment.id))];
}

export function useKlipComments(klip: Klip, { active }: { active: boolean }) {
  const updateStats = useUpdateStats(klip);
  const [sort, setSort] = useState<CommentSort>('newest');
  const [list, setList] = useState<ListState>(EMPTY_LIST);
  const [threads, setThreads] = useState<Record<string, Thread>>({});
  /** The list load that counts: an answer for an older sort (or an older opening) is dropped. */
  const generation = useRef(0);

  const setCount = useCallback(
    (change: (count: number) => number) =>
      updateStats((stats) => ({ ...stats, comments: Math.max(0, change(stats.comments)) })),
    [updateStats],
  );

  // The latest setCount for the load below, which must not start again when the klip object is a new copy of
  // the same klip (a list refetch): that would drop the pages loaded and the comments just posted.
  const setCountLatest = useRef(setCount);
  useEffect(() => {
    setCountLatest.current = setCount;
  }, [setCount]);

  useEffect(() => {
    if (!active) return;
    const current = ++generation.current;
    fetchComments(klip.id, { sort }).then(
      (page) => {
        if (generation.current !== current) return;
        setList({ status: 'loaded', ...page, loadingMore: false });
        setCountLatest.current(() => page.commentCount);
      },
      (error: unknown) => {
        if (generation.current !== current) return;
        setList({ ...EMPTY_LIST, status: 'error' });
        loadFailedToast(error);
      },
    );
  }, [active, klip.id, sort]);

  async function loadMore(): Promise<void> {
    if (list.loadingMore || !list.hasMore) return;
    const current = generation.current;
    setList((state) => ({ ...state, loadingMore: true }));
    try {
      const page = await fetchComments(klip.id, { sort, lastEvaluatedKey: list.lastEvaluatedKey });
      if (generation.current !== current) return;
      setList((state) => ({
        ...state,
        comments: mergeLoaded(state.comments, page.comments),
        lastEvaluatedKey: page.lastEvaluatedKey,
        hasMore: page.hasMore,
        loadingMore: false,
      }));
    } catch (error) {
      if (generation.current !== current) return;
      setList((state) => ({ ...state, loadingMore: false }));
      loadFailedToast(error);
    }
  }

  const patchThread = (threadId: string, change: (thread: Thread) => Thread) =>
    setThreads((all) => ({ ...all, [threadId]: change(all[threadId] ?? CLOSED_THREAD) }));

  /** Opens a comment's replies (loading them the first time) or closes them. */
  async function toggleReplies(comment: Comment, { open }: { open?: boolean } = {}): Promise<void> {
    const thread = threads[comment.id] ?? CLOSED_THREAD;
    const opening = open ?? !thread.open;
    patchThread(comment.id, (current) => ({ ...current, open: opening }));
    if (!opening || thread.status === 'loading' || thread.status === 'loaded') return;
    if (comment.replyCount === 0 || isTemporaryComment(comment)) {
      patchThread(comment.id, (current) => ({ ...current, status: 'loaded' }));
      return;
    }
    const current = generation.current;
    patchThread(comment.id, (state) => ({ ...state, status: 'loading' }));
    try {
      const page = await fetchComments(klip.id, { parentCommentId: comment.id, sort: 'oldest' });
      if (generation.current !== current) return;
      patchThread(comment.id, (state) => ({
        ...state,
        status: 'loaded',
        items: mergeLoaded(page.comments, state.items),
      }));
    } catch (error) {
      if (generation.current !== current) return;
      patchThread(comment.id, (state) => ({ ...state, status: 'error' }));
      loadFailedToast(error);
    }
  }

  function replaceInPlace(id: string, next: Comment | null, threadId: string | null) {
    const swap = (items: Comment[]) =>
      next ? items.map((item) => (item.id === id ? next : item)) : items.filter((item) => item.id !== id);
    if (threadId) patchThread(threadId, (thread) => ({ ...thread, items: swap(thread.items) }));
    else setList((state) => ({ ...state, comments: swap(state.comments) }));
  }

  const bumpReplyCount = (threadId: string, by: number) =>
    setList((state) => ({
      ...state,
      comments: state.comments.map((item) =>
        item.id === threadId ? { ...item, replyCount: Math.max(0, item.replyCount + by) } : item,
      ),
    }));

  /**
   * Shows the comment (or reply) at once and posts it. Resolves false when the server refused it: it is gone
   * again, and the caller puts the text back in the box.
   */
  async function post(user: AuthUser, text: string, replyTo: ReplyTarget | null): Promise<boolean> {
    const content = text.trim();
    if (!content) return false;
    const threadId = replyTo?.threadId ?? null;
    const userName = getKlipUserName(user);
    const temporary: Comment = {
      id: `${TEMPORARY_PREFIX}${Date.now()}-${++temporaryCounter}`,
      klipId: klip.id,
      // As the server stores a reply: the parent author's name and a colon first (docs/product.md "Comment").
      content: replyTo ? `${replyTo.name}: ${content}` : content,
      createdAt: new Date().toISOString(),
      status: 'active',
      uid: user.uid,
      userName,
      userAvatar: user.avatar,
      username: user.username,
      replyCount: 0,
      metadata: { parentCommentId: threadId, isReply: threadId !== null },
    };
    if (threadId) {
      patchThread(threadId, (thread) => ({ ...thread, open: true, items: [...thread.items, temporary] }));
      bumpReplyCount(threadId, 1);
      const parent = list.comments.find((item) => item.id === threadId);
      if (parent && (threads[threadId]?.status ?? 'idle') === 'idle')
        void toggleReplies(parent, { open: true });
    } else {
      // Where it would be: first when the newest come first, else last of what is loaded.
      setList((state) => ({
        ...state,
        comments: sort === 'newest' ? [temporary, ...state.comments] : [...state.comments, temporary],
      }));
    }
    setCount((count) => count + 1);
    try {
      const { comment, commentCount } = await postComment(klip.id, content, replyTo?.commentId ?? null);
      replaceInPlace(temporary.id, comment, threadId);
      setCount(() => commentCount);
      return true;
    } catch (error) {
      replaceInPlace(temporary.id, null, threadId);
      if (threadId) bumpReplyCount(threadId, -1);
      setCount((count) => count - 1);
      toast.error(
        isNetworkError(error)
          ? INTERACTION_MESSAGES.commentPostNetworkFailed
          : threadId
            ? INTERACTION_MESSAGES.replyPostFailed
            : INTERACTION_MESSAGES.commentPostFailed,
      );
      return false;
    }
  }

  /** Removes the comment (with its replies) or reply at once; puts it back where it was if the server refuses. */
  async function remove(comment: Comment): Promise<void> {
    if (isTemporaryComment(comment)) return;
    const threadId = comment.metadata.parentCommentId;
    const removedCount = threadId ? 1 : 1 + comment.replyCount;
    const index = threadId
      ? (threads[threadId]?.items ?? []).findIndex((item) => item.id === comment.id)
      : list.comments.findIndex((item) => item.id === comment.id);
    if (threadId) {
      patchThread(threadId, (thread) => ({
        ...thread,
        items: thread.items.filter((item) => item.id !== comment.id),
      }));
      bumpReplyCount(threadId, -1);
    } else {
      setList((state) => ({ ...state, comments: state.comments.filter((item) => item.id !== comment.id) }));
    }
    setCount((count) => count - removedCount);
    try {
      const { commentCount } = await deleteComment(klip.id, comment.id);
      setCount(() => commentCount);
      toast.success(threadId ? INTERACTION_MESSAGES.replyDeleted : INTERACTION_MESSAGES.commentDeleted);
    } catch (error) {
      const restore = (items: Comment[]) => {
        if (items.some((item) => item.id === comment.id)) return items;
        const at = index < 0 ? items.length : Math.min(index, items.length);
        return [...items.slice(0, at), comment, ...items.slice(at)];
      };
      if (threadId) {
        patchThread(threadId, (thread) => ({ ...thread, items: restore(thread.items) }));
        bumpReplyCount(threadId, 1);
      } else {
        setList((state) => ({ ...state, comments: restore(state.comments) }));
      }
      setCount((count) => count + removedCount);
      toast.error(
        isNetworkError(error)
          ? INTERACTION_MESSAGES.commentDeleteNetworkFailed
          : threadId
            ? INTERACTION_MESSAGES.replyDeleteFailed
            : INTERACTION_MESSAGES.commentDeleteFailed,
      );
    }
  }

  /** Newest or oldest first: the list starts over (the panel mounts this hook afresh each time it opens). */
  function changeSort(next: CommentSort): void {
    if (next === sort) return;
    generation.current += 1;
    setList(EMPTY_LIST);
    setThreads({});
    setSort(next);
  }

  return { sort, setSort: changeSort, list, threads, loadMore, toggleReplies, post, remove };
}

export type KlipComments = ReturnType<typeof useKlipComments>;

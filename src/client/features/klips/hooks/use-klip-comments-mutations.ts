// Posting and deleting a klip's comments and replies (docs/product.md "Klip interaction", "Comments"; decision
// 0061): each change shows at once in the cached pages or replies (onMutate), is replaced by the server's copy or
// count (onSuccess), and is undone where it was, with the spec's toast, when the server refuses (onError).
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Comment } from '../../../../shared/contracts/interactions.ts';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { getKlipUserName } from '../../../../shared/domain/display-name.ts';
import { INTERACTION_MESSAGES } from '../../../../shared/klip-social-messages.ts';
import type { AuthUser } from '../../../lib/auth.ts';
import { deleteComment, isNetworkError, postComment, type CommentSort } from '../api/interactions.ts';
import {
  addToPages,
  changeReplyCount,
  commentKeys,
  findInPages,
  isTemporaryComment,
  PANEL_CACHE,
  replaceComment,
  replaceInPages,
  repliesQueryOptions,
  restoreComment,
  restoreInPages,
  TEMPORARY_PREFIX,
  type CommentPages,
  type CommentPlace,
  type ReplyTarget,
} from './use-klip-comments-cache.ts';
import { toast } from '../../../lib/toast.ts';

let temporaryCounter = 0;

type PostVariables = { content: string; replyTo: ReplyTarget | null; temporary: Comment };
type RemoveContext = { place: CommentPlace | null; index: number; removedCount: number };

function createTemporaryComment(klip: Klip, user: AuthUser, content: string, replyTo: ReplyTarget | null) {
  const threadId = replyTo?.threadId ?? null;
  return {
    id: `${TEMPORARY_PREFIX}${Date.now()}-${++temporaryCounter}`,
    klipId: klip.id,
    // As the server stores a reply: the parent author's name and a colon first (docs/product.md "Comment").
    content: replyTo ? `${replyTo.name}: ${content}` : content,
    createdAt: new Date().toISOString(),
    status: 'active',
    uid: user.uid,
    userName: getKlipUserName(user),
    userAvatar: user.avatar,
    username: user.username,
    replyCount: 0,
    metadata: { parentCommentId: threadId, isReply: threadId !== null },
  } satisfies Comment;
}

export function useCommentMutations(
  klip: Klip,
  {
    sort,
    setCount,
    openThread,
  }: {
    sort: CommentSort;
    setCount: (change: (count: number) => number) => void;
    openThread: (id: string) => void;
  },
) {
  const queryClient = useQueryClient();
  const listKey = commentKeys.list(klip.id, sort);
  const editList = (change: (data: CommentPages) => CommentPages) =>
    queryClient.setQueryData<CommentPages>(listKey, (data) => data && change(data));
  const editReplies = (threadId: string, change: (items: Comment[]) => Comment[]) =>
    queryClient.setQueryData<Comment[]>(
      commentKeys.replies(klip.id, threadId),
      (items) => items && change(items),
    );

  /** A page on its way would land over the change about to be made: it is dropped (Load more asks again). */
  async function stopPageLoad(queryKey: QueryKey): Promise<void> {
    if (queryClient.getQueryData(queryKey) && queryClient.isFetching({ queryKey, exact: true }) > 0)
      await queryClient.cancelQueries({ queryKey, exact: true });
  }

  /** Shows a reply at once in its opened thread, loading the thread's other replies if it never was. */
  function addReply(threadId: string, temporary: Comment): void {
    const options = repliesQueryOptions(queryClient, klip.id, threadId);
    const parent = flattenParent(queryClient.getQueryData<CommentPages>(listKey), threadId);
    const state = queryClient.getQueryState(options.queryKey);
    if (parent && parent.replyCount > 0 && state?.status !== 'success' && state?.fetchStatus !== 'fetching')
      void queryClient.fetchQuery(options).catch(() => undefined);
    // With the panel's cache options, so it goes when the panel closes.
    queryClient
      .getQueryCache()
      .build(queryClient, { queryKey: [...options.queryKey], gcTime: PANEL_CACHE.gcTime });
    queryClient.setQueryData<Comment[]>(options.queryKey, (items) => [...(items ?? []), temporary]);
    openThread(threadId);
    editList((data) => changeReplyCount(data, threadId, 1));
  }

  const postMutation = useMutation({
    mutationFn: ({ content, replyTo }: PostVariables) =>
      postComment(klip.id, content, replyTo?.commentId ?? null),
    onMutate: async ({ replyTo, temporary }) => {
      if (replyTo) addReply(replyTo.threadId, temporary);
      else {
        await stopPageLoad(listKey);
        editList((data) => addToPages(data, temporary, sort));
      }
      setCount((count) => count + 1);
    },
    onSuccess: ({ comment, commentCount }, { replyTo, temporary }) => {
      if (replyTo) editReplies(replyTo.threadId, (items) => replaceComment(items, temporary.id, comment));
      else editList((data) => replaceInPages(data, temporary.id, comment));
      setCount(() => commentCount);
    },
    onError: (error, { replyTo, temporary }) => {
      if (replyTo) {
        editReplies(replyTo.threadId, (items) => replaceComment(items, temporary.id, null));
        editList((data) => changeReplyCount(data, replyTo.threadId, -1));
      } else editList((data) => replaceInPages(data, temporary.id, null));
      setCount((count) => count - 1);
      toast.error(
        isNetworkError(error)
          ? INTERACTION_MESSAGES.commentPostNetworkFailed
          : replyTo
            ? INTERACTION_MESSAGES.replyPostFailed
            : INTERACTION_MESSAGES.commentPostFailed,
      );
    },
  });

  const removeMutation = useMutation({
    mutationFn: (comment: Comment) => deleteComment(klip.id, comment.id),
    onMutate: async (comment): Promise<RemoveContext> => {
      const threadId = comment.metadata.parentCommentId;
      const removedCount = threadId ? 1 : 1 + comment.replyCount;
      let context: RemoveContext = { place: null, index: -1, removedCount };
      if (threadId) {
        const items = queryClient.getQueryData<Comment[]>(commentKeys.replies(klip.id, threadId)) ?? [];
        context = { ...context, index: items.findIndex((item) => item.id === comment.id) };
        editReplies(threadId, (current) => replaceComment(current, comment.id, null));
        editList((data) => changeReplyCount(data, threadId, -1));
      } else {
        await stopPageLoad(listKey);
        context = { ...context, place: findInPages(queryClient.getQueryData(listKey), comment.id) };
        editList((data) => replaceInPages(data, comment.id, null));
      }
      setCount((count) => count - removedCount);
      return context;
    },
    onSuccess: ({ commentCount }, comment) => {
      setCount(() => commentCount);
      toast.success(
        comment.metadata.parentCommentId
          ? INTERACTION_MESSAGES.replyDeleted
          : INTERACTION_MESSAGES.commentDeleted,
      );
    },
    onError: (error, comment, context) => {
      const threadId = comment.metadata.parentCommentId;
      if (threadId) {
        editReplies(threadId, (items) => restoreComment(items, comment, context?.index ?? -1));
        editList((data) => changeReplyCount(data, threadId, 1));
      } else editList((data) => restoreInPages(data, comment, context?.place ?? null));
      setCount((count) => count + (context?.removedCount ?? 0));
      toast.error(
        isNetworkError(error)
          ? INTERACTION_MESSAGES.commentDeleteNetworkFailed
          : threadId
            ? INTERACTION_MESSAGES.replyDeleteFailed
            : INTERACTION_MESSAGES.commentDeleteFailed,
      );
    },
  });

  return {
    /**
     * Shows the comment (or reply) at once and posts it. Resolves false when the server refused it: it is gone
     * again, and the caller puts the text back in the box.
     */
    post: async (user: AuthUser, text: string, replyTo: ReplyTarget | null): Promise<boolean> => {
      const content = text.trim();
      if (!content) return false;
      const temporary = createTemporaryComment(klip, user, content, replyTo);
      return postMutation.mutateAsync({ content, replyTo, temporary }).then(
        () => true,
        () => false,
      );
    },
    /** Removes the comment (with its replies) or reply at once; puts it back where it was if the server refuses. */
    remove: (comment: Comment): void => {
      if (!isTemporaryComment(comment)) removeMutation.mutate(comment);
    },
  };
}

function flattenParent(data: CommentPages | undefined, threadId: string): Comment | undefined {
  return data?.pages.flatMap((page) => page.comments).find((comment) => comment.id === threadId);
}

// Inside a klip's comments panel (docs/product.md "Klip interaction", "Comments"): newest or oldest first, the
// list with Load more and each comment's replies, the composer (or a way to sign in), and a delete that asks first.
// In preview nothing loads and nothing can be written.
import clsx from 'clsx';
import { LoaderCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Comment } from '../../../../../shared/contracts/interactions.ts';
import type { Klip } from '../../../../../shared/contracts/klips.ts';
import { INTERACTION_MESSAGES, KLIP_SOCIAL_MESSAGES } from '../../../../../shared/klip-social-messages.ts';
import { getButtonClass } from '../../../../components/ui/button-styles.ts';
import { ConfirmDeleteDialog } from '../../../../components/ui/confirm-delete-dialog.tsx';
import { useAuth } from '../../../../lib/auth.ts';
import { useKlipComments } from '../../hooks/use-klip-comments.ts';
import { getThreadId, type ReplyTarget } from '../../hooks/use-klip-comments-cache.ts';
import { CommentComposer } from './comment-composer.tsx';
import { CommentItem } from './comment-item.tsx';
import { CommentReplies } from './comment-replies.tsx';
import { CommentsSkeleton } from './comments-skeleton.tsx';
import { SignInToComment } from './sign-in-to-comment.tsx';

export function CommentsBody({ klip, preview }: { klip: Klip; preview: boolean }) {
  const { user } = useAuth();
  const comments = useKlipComments(klip, { active: !preview });
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [revealedId, setRevealedId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Comment | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { list, sort, setSort } = comments;

  function startReply(comment: Comment) {
    const threadId = getThreadId(comment);
    setReplyTo({ commentId: comment.id, threadId, name: comment.userName });
    const parent = list.comments.find((item) => item.id === threadId);
    if (parent) comments.toggleReplies(parent, { open: true });
    inputRef.current?.focus();
  }

  const renderItem = (comment: Comment) => (
    <CommentItem
      key={comment.id}
      comment={comment}
      isOwn={user?.uid === comment.uid}
      canDelete={!preview}
      canReply={Boolean(user) && !preview}
      revealed={revealedId === comment.id}
      onReveal={(revealed) => setRevealedId(revealed ? comment.id : null)}
      onReply={() => startReply(comment)}
      onDelete={() => setToDelete(comment)}
    >
      {comment.metadata.isReply ? null : (
        <CommentReplies
          klipId={klip.id}
          comment={comment}
          open={comments.openThreads[comment.id] ?? false}
          onToggle={() => comments.toggleReplies(comment)}
          render={renderItem}
        />
      )}
    </CommentItem>
  );

  return (
    <>
      <div
        role="group"
        aria-label={KLIP_SOCIAL_MESSAGES.sortLabel}
        className="flex gap-2 border-b border-line px-5 pb-3"
      >
        {(['newest', 'oldest'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={sort === value}
            onClick={() => setSort(value)}
            className={clsx(
              'rounded-full px-3 py-1 text-sm font-semibold transition-colors',
              sort === value ? 'bg-ink text-surface' : 'bg-surface-muted text-ink-muted hover:text-ink',
            )}
          >
            {value === 'newest' ? KLIP_SOCIAL_MESSAGES.newest : KLIP_SOCIAL_MESSAGES.oldest}
          </button>
        ))}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-2">
        {preview ? (
          <p className="px-2 py-8 text-center text-sm text-ink-muted">
            {KLIP_SOCIAL_MESSAGES.previewComments}
          </p>
        ) : list.status === 'loading' ? (
          <CommentsSkeleton />
        ) : list.status === 'error' ? (
          <p className="px-2 py-8 text-center text-sm text-ink-muted">
            {INTERACTION_MESSAGES.commentsLoadFailed}
          </p>
        ) : list.comments.length === 0 ? (
          <p className="px-2 py-8 text-center text-sm text-ink-muted">{KLIP_SOCIAL_MESSAGES.noComments}</p>
        ) : (
          <>
            <ul aria-label={KLIP_SOCIAL_MESSAGES.comments} className="space-y-1">
              {list.comments.map(renderItem)}
            </ul>
            {list.hasMore ? (
              <div className="flex justify-center py-3">
                <button
                  type="button"
                  className={getButtonClass({ variant: 'secondary', size: 'sm' })}
                  disabled={list.loadingMore}
                  aria-busy={list.loadingMore}
                  onClick={() => void comments.loadMore()}
                >
                  {list.loadingMore ? (
                    <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                  ) : null}
                  {KLIP_SOCIAL_MESSAGES.loadMore}
                </button>
              </div>
            ) : null}
          </>
        )}
      </div>
      <div className="border-t border-line px-4 pt-3 pb-4">
        {preview ? null : user ? (
          <CommentComposer
            user={user}
            comments={comments}
            replyTo={replyTo}
            setReplyTo={setReplyTo}
            inputRef={inputRef}
          />
        ) : (
          <SignInToComment />
        )}
      </div>
      {/* docs/product.md "Comments": deleting asks first, in the spec's words for a comment or a reply; the
          comment goes at once (decision 0061), so the dialog does not wait for the server. */}
      <ConfirmDeleteDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title={
          toDelete?.metadata.isReply
            ? INTERACTION_MESSAGES.confirmDeleteReply
            : INTERACTION_MESSAGES.confirmDeleteComment
        }
        description={toDelete?.content ?? ''}
        keepLabel={KLIP_SOCIAL_MESSAGES.cancel}
        confirmLabel={KLIP_SOCIAL_MESSAGES.delete}
        pending={false}
        onConfirm={() => {
          if (toDelete) comments.remove(toDelete);
          setToDelete(null);
          setRevealedId(null);
        }}
        layer="raised"
        trigger={null}
      />
    </>
  );
}

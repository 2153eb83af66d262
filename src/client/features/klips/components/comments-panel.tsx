// A klip's comments (docs/product.md "Klips", "Klip interaction", "Comments"): a bottom sheet on phones and a panel
// on the right on wider screens, with newest or oldest first, Load more, replies that open and close and load when
// first opened, a composer (Enter sends; Send is disabled while blank or posting) that also replies, and a delete
// that asks first. Signed out the list shows and the composer asks to sign in; in preview nothing can be written.
import clsx from 'clsx';
import { ChevronDown, ChevronUp, LoaderCircle, SendHorizontal, X } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { COMMENT_MAX_LENGTH } from '../../../../shared/constants.ts';
import type { Comment } from '../../../../shared/contracts/interactions.ts';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { INTERACTION_MESSAGES, KLIP_SOCIAL_MESSAGES } from '../../../../shared/messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { DialogShell, DialogTitleBar } from '../../../components/ui/dialog-shell.tsx';
import { useAuth, type AuthUser } from '../../../lib/auth.ts';
import { useSignInFirst } from '../hooks/use-sign-in-first.ts';
import {
  getThreadId,
  useKlipComments,
  type KlipComments,
  type ReplyTarget,
} from '../hooks/use-klip-comments.ts';
import { CommentItem } from './comment-item.tsx';

export function CommentsPanel({
  klip,
  count,
  open,
  onOpenChange,
  preview,
}: {
  klip: Klip;
  count: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  preview: boolean;
}) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      layer="raised"
      className={clsx(
        'pb-safe flex flex-col border-line',
        // Phones: a bottom sheet; wider: a panel along the right edge, beside the klip.
        'animate-sheet inset-x-0 bottom-0 h-[75dvh] rounded-t-3xl border-t',
        'md:animate-fade md:inset-x-auto md:top-0 md:right-0 md:h-dvh md:w-[26rem] md:rounded-none md:rounded-l-3xl md:border-t-0 md:border-l',
      )}
    >
      <div className="mx-auto mt-2 h-1.5 w-10 rounded-full bg-line md:hidden" aria-hidden="true" />
      <DialogTitleBar
        title={
          <>
            {KLIP_SOCIAL_MESSAGES.comments}{' '}
            <span className="text-base font-semibold text-ink-subtle">({count})</span>
          </>
        }
        className="gap-2 px-5 pt-2 pb-1 md:pt-4"
      />
      {open ? <CommentsBody klip={klip} preview={preview} /> : null}
    </DialogShell>
  );
}

function CommentsBody({ klip, preview }: { klip: Klip; preview: boolean }) {
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
    if (parent) void comments.toggleReplies(parent, { open: true });
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
        <Replies comment={comment} comments={comments} render={renderItem} />
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
          <Composer
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
      <DeleteCommentDialog
        comment={toDelete}
        onCancel={() => setToDelete(null)}
        onConfirm={(comment) => {
          setToDelete(null);
          setRevealedId(null);
          void comments.remove(comment);
        }}
      />
    </>
  );
}

function Replies({
  comment,
  comments,
  render,
}: {
  comment: Comment;
  comments: KlipComments;
  render: (comment: Comment) => ReactNode;
}) {
  const thread = comments.threads[comment.id];
  const count = comment.replyCount;
  if (count === 0 && !thread?.items.length) return null;
  const open = thread?.open ?? false;
  return (
    <div className="ml-12">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => void comments.toggleReplies(comment)}
        className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-xs font-semibold text-ink-muted hover:text-ink"
      >
        {open ? (
          <ChevronUp aria-hidden="true" className="size-3.5" />
        ) : (
          <ChevronDown aria-hidden="true" className="size-3.5" />
        )}
        {open ? KLIP_SOCIAL_MESSAGES.hideReplies : KLIP_SOCIAL_MESSAGES.viewReplies(count)}
      </button>
      {open ? (
        thread?.status === 'loading' && thread.items.length === 0 ? (
          <LoaderCircle aria-label="Loading replies" className="m-2 size-4 animate-spin text-ink-subtle" />
        ) : (
          <ul aria-label={`Replies to ${comment.userName}`} className="space-y-1">
            {(thread?.items ?? []).map(render)}
          </ul>
        )
      ) : null}
    </div>
  );
}

function Composer({
  user,
  comments,
  replyTo,
  setReplyTo,
  inputRef,
}: {
  user: AuthUser;
  comments: KlipComments;
  replyTo: ReplyTarget | null;
  setReplyTo: (target: ReplyTarget | null) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const [text, setText] = useState('');
  const [posting, setPosting] = useState(false);
  const blank = text.trim() === '';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (blank || posting) return;
    const sent = text;
    const target = replyTo;
    setText('');
    setReplyTo(null);
    setPosting(true);
    const posted = await comments.post(user, sent, target);
    setPosting(false);
    if (!posted) {
      // docs/product.md "Klip interaction": removed, with its text put back in the box.
      setText(sent);
      setReplyTo(target);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} aria-label={KLIP_SOCIAL_MESSAGES.comments}>
      {replyTo ? (
        <p className="mb-2 flex items-center justify-between gap-2 rounded-full bg-surface-muted px-3 py-1 text-xs text-ink-muted">
          <span className="truncate">{KLIP_SOCIAL_MESSAGES.replyingTo(replyTo.name)}</span>
          <button
            type="button"
            aria-label={KLIP_SOCIAL_MESSAGES.cancelReply}
            onClick={() => setReplyTo(null)}
            className="rounded-full p-0.5 hover:bg-line"
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </p>
      ) : null}
      <div className="flex items-center gap-2">
        <input
          ref={inputRef}
          type="text"
          value={text}
          maxLength={COMMENT_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder={replyTo ? KLIP_SOCIAL_MESSAGES.replyPlaceholder : KLIP_SOCIAL_MESSAGES.placeholder}
          aria-label={replyTo ? KLIP_SOCIAL_MESSAGES.replyPlaceholder : KLIP_SOCIAL_MESSAGES.placeholder}
          enterKeyHint="send"
          className="h-11 min-w-0 flex-1 rounded-full border border-line bg-surface-muted px-4 text-base text-ink placeholder:text-ink-subtle focus:border-brand focus:outline-none md:text-sm"
        />
        <button
          type="submit"
          disabled={blank || posting}
          aria-busy={posting}
          className={getButtonClass({ size: 'md', className: 'px-4' })}
        >
          {posting ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <SendHorizontal aria-hidden="true" className="size-4" />
          )}
          {KLIP_SOCIAL_MESSAGES.send}
        </button>
      </div>
    </form>
  );
}

function SignInToComment() {
  const { signInHref } = useSignInFirst();
  return (
    <Link to={signInHref} className={getButtonClass({ className: 'w-full' })}>
      {KLIP_SOCIAL_MESSAGES.signInToComment}
    </Link>
  );
}

/** docs/product.md "Comments": deleting asks first, in the spec's words for a comment or a reply. */
function DeleteCommentDialog({
  comment,
  onCancel,
  onConfirm,
}: {
  comment: Comment | null;
  onCancel: () => void;
  onConfirm: (comment: Comment) => void;
}) {
  return (
    <AlertDialog.Root open={comment !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="animate-fade fixed inset-0 z-[70] bg-stone-950/50" />
        <AlertDialog.Content className="animate-pop fixed top-1/2 left-1/2 z-[70] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-3xl border border-line bg-surface p-5 shadow-lift outline-none">
          <AlertDialog.Title className="text-lg font-bold text-ink">
            {comment?.metadata.isReply
              ? INTERACTION_MESSAGES.confirmDeleteReply
              : INTERACTION_MESSAGES.confirmDeleteComment}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-1 line-clamp-3 text-sm text-ink-muted">
            {comment?.content}
          </AlertDialog.Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={getButtonClass({ variant: 'secondary' })}>
              {KLIP_SOCIAL_MESSAGES.cancel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className="inline-flex h-11 items-center justify-center rounded-full bg-red-600 px-5 text-sm font-semibold text-white hover:bg-red-700"
              onClick={() => (comment ? onConfirm(comment) : undefined)}
            >
              {KLIP_SOCIAL_MESSAGES.delete}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function CommentsSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-4 px-2 py-2">
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="flex gap-3">
          <div className="size-9 shrink-0 animate-pulse rounded-full bg-surface-muted" />
          <div className="flex-1 space-y-2">
            <div className="h-3 w-1/3 animate-pulse rounded bg-surface-muted" />
            <div className="h-3 w-4/5 animate-pulse rounded bg-surface-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}

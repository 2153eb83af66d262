// One comment or reply in a klip's panel (docs/product.md "Comment", "Comments"): who wrote it, when, the text (a
// reply's leading "{name}:" shown as @name), Reply, the replies under a comment, and for the author a Delete that
// a long press (500 ms) reveals, or, where there is a mouse or a keyboard, the options button beside it.
import clsx from 'clsx';
import { Ellipsis, LoaderCircle, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Comment } from '../../../../../shared/contracts/interactions.ts';
import { KLIP_SOCIAL_MESSAGES } from '../../../../../shared/klip-social-messages.ts';
import { Avatar } from '../../../../components/ui/avatar.tsx';
import { formatInTimeZone, useTimeZone } from '../../../../lib/time-zone.ts';
import { isTemporaryComment } from '../../hooks/use-klip-comments-cache.ts';
import { useLongPress } from '../../hooks/use-long-press.ts';

/** A comment's day, in the reader's zone (useTimeZone). */
const COMMENT_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const REPLY_PREFIX = /^([^:\n]{1,64}):\s?/;

function CommentText({ comment }: { comment: Comment }) {
  const match = comment.metadata.isReply ? REPLY_PREFIX.exec(comment.content) : null;
  if (!match) return <>{comment.content}</>;
  return (
    <>
      <span className="font-semibold text-brand">@{match[1]}</span> {comment.content.slice(match[0].length)}
    </>
  );
}

export function CommentItem({
  comment,
  isOwn,
  canDelete,
  canReply,
  revealed,
  onReveal,
  onReply,
  onDelete,
  children,
}: {
  comment: Comment;
  isOwn: boolean;
  /** Not in preview, and not while the comment still has its temporary id. */
  canDelete: boolean;
  canReply: boolean;
  /** Whether its Delete shows (after a long press or the options button). */
  revealed: boolean;
  onReveal: (revealed: boolean) => void;
  onReply: () => void;
  onDelete: () => void;
  /** The replies and their toggle, under a top-level comment. */
  children?: ReactNode;
}) {
  const temporary = isTemporaryComment(comment);
  const deletable = isOwn && canDelete && !temporary;
  const longPress = useLongPress(() => onReveal(true), { enabled: deletable });
  const kind = comment.metadata.isReply ? 'Reply' : 'Comment';
  const timeZone = useTimeZone();
  return (
    <li aria-label={`${kind} by ${comment.userName}`} data-comment-id={comment.id} className="group/comment">
      <div
        {...longPress}
        className={clsx(
          'flex gap-3 rounded-2xl px-2 py-2 transition-colors [-webkit-touch-callout:none]',
          deletable && 'select-none',
          revealed && 'bg-surface-muted',
          temporary && 'opacity-70',
        )}
      >
        <Avatar
          name={comment.userName}
          src={comment.userAvatar}
          className={comment.metadata.isReply ? 'size-7 text-xs' : 'size-9 text-sm'}
        />
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2 text-xs text-ink-subtle">
            <span className="truncate font-semibold text-ink">{comment.userName}</span>
            {temporary ? (
              <span className="inline-flex items-center gap-1">
                <LoaderCircle aria-hidden="true" className="size-3 animate-spin" />
                {KLIP_SOCIAL_MESSAGES.posting}
              </span>
            ) : (
              <time dateTime={comment.createdAt}>
                {formatInTimeZone(comment.createdAt, timeZone, COMMENT_DATE)}
              </time>
            )}
          </p>
          <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-ink">
            <CommentText comment={comment} />
          </p>
          <div className="mt-1 flex min-h-8 items-center gap-1">
            {canReply && !temporary ? (
              <button
                type="button"
                onClick={onReply}
                className="rounded-full px-2 py-1 text-xs font-semibold text-ink-muted hover:bg-surface-muted hover:text-ink"
              >
                {KLIP_SOCIAL_MESSAGES.reply}
              </button>
            ) : null}
            {deletable ? (
              <button
                type="button"
                aria-label={KLIP_SOCIAL_MESSAGES.commentOptions}
                aria-expanded={revealed}
                onClick={() => onReveal(!revealed)}
                className={clsx(
                  'inline-flex size-8 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink',
                  // Phones reveal Delete with a long press; a mouse or a keyboard finds this button.
                  '[@media(hover:none)]:hidden',
                  !revealed &&
                    '[@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-focus-within/comment:opacity-100 [@media(hover:hover)]:group-hover/comment:opacity-100',
                )}
              >
                <Ellipsis aria-hidden="true" className="size-4" />
              </button>
            ) : null}
            {deletable && revealed ? (
              <button
                type="button"
                onClick={onDelete}
                className="inline-flex items-center gap-1 rounded-full bg-red-600 px-3 py-1 text-xs font-semibold text-white hover:bg-red-700"
              >
                <Trash2 aria-hidden="true" className="size-3.5" />
                {KLIP_SOCIAL_MESSAGES.delete}
              </button>
            ) : null}
          </div>
        </div>
      </div>
      {children}
    </li>
  );
}

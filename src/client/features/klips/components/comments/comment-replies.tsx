// A comment's replies under it (docs/product.md "Comments"): "View N replies" opens them, loading them the first
// time, and "Hide replies" closes them again.
import { ChevronDown, ChevronUp, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Comment } from '../../../../../shared/contracts/interactions.ts';
import { KLIP_SOCIAL_MESSAGES } from '../../../../../shared/klip-social-messages.ts';
import { useCommentReplies } from '../../hooks/use-klip-comments.ts';

export function CommentReplies({
  klipId,
  comment,
  open,
  onToggle,
  render,
}: {
  klipId: string;
  comment: Comment;
  open: boolean;
  onToggle: () => void;
  render: (comment: Comment) => ReactNode;
}) {
  const replies = useCommentReplies(klipId, comment, open);
  const count = comment.replyCount;
  if (count === 0 && replies.items.length === 0) return null;
  return (
    <div className="ml-12">
      <button
        type="button"
        aria-expanded={open}
        onClick={onToggle}
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
        replies.loading ? (
          <LoaderCircle aria-label="Loading replies" className="m-2 size-4 animate-spin text-ink-subtle" />
        ) : (
          <ul aria-label={`Replies to ${comment.userName}`} className="space-y-1">
            {replies.items.map(render)}
          </ul>
        )
      ) : null}
    </div>
  );
}

// The box under a klip's comments (docs/product.md "Klip interaction", "Comments"): Enter sends; Send is disabled
// while blank or posting; replying shows "Replying to @name" with a way out; a refused post puts the text back.
import { LoaderCircle, SendHorizontal, X } from 'lucide-react';
import { useState, type FormEvent, type RefObject } from 'react';
import { COMMENT_MAX_LENGTH } from '../../../../../shared/constants.ts';
import { KLIP_SOCIAL_MESSAGES } from '../../../../../shared/klip-social-messages.ts';
import { getButtonClass } from '../../../../components/ui/button-styles.ts';
import type { AuthUser } from '../../../../lib/auth.ts';
import type { KlipComments } from '../../hooks/use-klip-comments.ts';
import type { ReplyTarget } from '../../hooks/use-klip-comments-cache.ts';

export function CommentComposer({
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

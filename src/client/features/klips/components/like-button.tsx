// A klip's like (docs/product.md "Klip interaction"): shown at once and undone if the server refuses, with the
// spec's toasts; while a like is on its way further taps are ignored, so a double tap never counts twice. Signed
// out it goes to sign in; in preview it is disabled.
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Heart } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { INTERACTION_MESSAGES, KLIP_SOCIAL_MESSAGES } from '../../../../shared/klip-social-messages.ts';
import { useAuth } from '../../../lib/auth.ts';
import {
  interactionKeys,
  isNetworkError,
  toggleLike,
  useUpdateStats,
  type KlipStats,
} from '../api/interactions.ts';
import { useSignInFirst } from '../hooks/use-sign-in-first.ts';
import { formatCount, KlipActionButton } from './klip-action-button.tsx';
import { toast } from '../../../lib/toast.ts';

export function LikeButton({ klip, stats, preview }: { klip: Klip; stats: KlipStats; preview: boolean }) {
  const { user } = useAuth();
  const { goToSignIn } = useSignInFirst();
  const queryClient = useQueryClient();
  const updateStats = useUpdateStats(klip);
  const pending = useRef(false);
  const [busy, setBusy] = useState(false);

  async function onToggle(): Promise<void> {
    if (preview || pending.current) return;
    if (!user) {
      goToSignIn();
      return;
    }
    pending.current = true;
    setBusy(true);
    // A stats answer arriving now would undo the optimistic like.
    await queryClient.cancelQueries({ queryKey: interactionKeys.stats(klip.id) });
    let before: KlipStats | undefined;
    updateStats((current) => {
      before = current;
      return {
        ...current,
        isLiked: !current.isLiked,
        likes: Math.max(0, current.likes + (current.isLiked ? -1 : 1)),
      };
    });
    try {
      const { liked, likes } = await toggleLike(klip.id);
      updateStats((current) => ({ ...current, isLiked: liked, likes }));
    } catch (error) {
      if (before) {
        const { isLiked, likes } = before;
        updateStats((current) => ({ ...current, isLiked, likes }));
      }
      toast.error(
        isNetworkError(error) ? INTERACTION_MESSAGES.likeNetworkFailed : INTERACTION_MESSAGES.likeFailed,
      );
    } finally {
      pending.current = false;
      setBusy(false);
    }
  }

  return (
    <KlipActionButton
      aria-label={`${KLIP_SOCIAL_MESSAGES.like}, ${KLIP_SOCIAL_MESSAGES.likeCount(stats.likes)}`}
      aria-pressed={stats.isLiked}
      aria-busy={busy}
      disabled={preview}
      data-testid="klip-like"
      onClick={() => void onToggle()}
      icon={
        <Heart
          aria-hidden="true"
          className={clsx(
            'size-6 transition-transform motion-reduce:transition-none',
            stats.isLiked ? 'scale-110 fill-rani-500 text-rani-500' : 'text-white',
          )}
        />
      }
      count={formatCount(stats.likes)}
    />
  );
}

// The like, comment and share column beside a playing klip (docs/product.md "Klips", "Klip interaction"): white
// icons with their counts over the video. The counts come from the klip's stats (GET .../stats, which also says
// whether the signed-in user liked it) and follow every like, comment and delete. In preview (a klip not yet
// published) like and comment are disabled and nothing is asked of the server.
import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { KLIP_SOCIAL_MESSAGES } from '../../../../shared/messages.ts';
import { useKlipStats } from '../api/interactions.ts';
import { CommentsPanel } from './comments-panel.tsx';
import { formatCount, KlipActionButton } from './klip-action-button.tsx';
import { LikeButton } from './like-button.tsx';
import { ShareMenu } from './share-menu.tsx';

export type KlipActionsProps = {
  klip: Klip;
  /** A klip not yet published: like, comment and delete are disabled (docs/product.md "Comments"). */
  preview?: boolean;
};

export function KlipActions({ klip, preview = false }: KlipActionsProps) {
  const stats = useKlipStats(klip, { enabled: !preview });
  const [commentsOpen, setCommentsOpen] = useState(false);
  return (
    <div role="group" aria-label="Klip actions" className="flex flex-col items-center gap-4">
      <LikeButton klip={klip} stats={stats} preview={preview} />
      <KlipActionButton
        aria-label={`${KLIP_SOCIAL_MESSAGES.comments}, ${KLIP_SOCIAL_MESSAGES.commentCount(stats.comments)}`}
        aria-haspopup="dialog"
        disabled={preview}
        onClick={() => setCommentsOpen(true)}
        icon={<MessageCircle aria-hidden="true" className="size-6" />}
        count={formatCount(stats.comments)}
      />
      <ShareMenu klip={klip} />
      <CommentsPanel
        klip={klip}
        count={stats.comments}
        open={commentsOpen}
        onOpenChange={setCommentsOpen}
        preview={preview}
      />
    </div>
  );
}

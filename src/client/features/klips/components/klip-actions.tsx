// The like, comment and share column beside a playing klip (docs/product.md "Klips", "Klip interaction"): white
// icons with their counts over the video. The counts come from the klip's stats (GET .../stats, which also says
// whether the signed-in user liked it) and follow every like, comment and delete. In preview (a klip not yet
// published) like and comment are disabled and nothing is asked of the server. The comments panel and the share
// menu (and the dialog and menu code they need) load on their first use, not with the feed.
import { MessageCircle, Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { KLIP_SOCIAL_MESSAGES } from '../../../../shared/klip-social-messages.ts';
import { useKlipStats } from '../api/interactions.ts';
import { formatCount, KlipActionButton } from './klip-action-button.tsx';
import { LikeButton } from './like-button.tsx';

const CommentsPanel = lazy(() =>
  import('./comments-panel.tsx').then((module) => ({ default: module.CommentsPanel })),
);
const ShareMenu = lazy(() => import('./share-menu.tsx').then((module) => ({ default: module.ShareMenu })));

export type KlipActionsProps = {
  klip: Klip;
  /** A klip not yet published: like, comment and delete are disabled (docs/product.md "Comments"). */
  preview?: boolean;
};

export function KlipActions({ klip, preview = false }: KlipActionsProps) {
  const stats = useKlipStats(klip, { enabled: !preview });
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [commentsWanted, setCommentsWanted] = useState(false);
  const [shareWanted, setShareWanted] = useState(false);
  // Until the share menu's code is here: the same button, which fetches it and opens the menu.
  const shareStandIn = (
    <KlipActionButton
      aria-label={KLIP_SOCIAL_MESSAGES.share}
      aria-haspopup="menu"
      onClick={() => setShareWanted(true)}
      icon={<Share2 aria-hidden="true" className="size-6" />}
      count={KLIP_SOCIAL_MESSAGES.share}
    />
  );
  return (
    <div role="group" aria-label="Klip actions" className="flex flex-col items-center gap-4">
      <LikeButton klip={klip} stats={stats} preview={preview} />
      <KlipActionButton
        aria-label={`${KLIP_SOCIAL_MESSAGES.comments}, ${KLIP_SOCIAL_MESSAGES.commentCount(stats.comments)}`}
        aria-haspopup="dialog"
        disabled={preview}
        onClick={() => {
          setCommentsWanted(true);
          setCommentsOpen(true);
        }}
        icon={<MessageCircle aria-hidden="true" className="size-6" />}
        count={formatCount(stats.comments)}
      />
      {shareWanted ? (
        <Suspense fallback={shareStandIn}>
          <ShareMenu klip={klip} defaultOpen />
        </Suspense>
      ) : (
        shareStandIn
      )}
      {commentsWanted ? (
        <Suspense fallback={null}>
          <CommentsPanel
            klip={klip}
            count={stats.comments}
            open={commentsOpen}
            onOpenChange={setCommentsOpen}
            preview={preview}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

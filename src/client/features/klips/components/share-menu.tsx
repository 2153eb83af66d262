// Sharing a klip (docs/product.md "Klips", "Share link"): copy the link (its confirmation stays 3 s), WhatsApp, X
// and Facebook, and on phones the system share sheet as well; every link carries the tracking parameters, and each
// share is recorded (POST /interactions, type share).
import clsx from 'clsx';
import { Check, Link2, MessageCircle, Share2, Upload } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { COPY_LINK_CONFIRM_MS } from '../../../../shared/constants.ts';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import {
  buildKlipShareIntent,
  buildKlipShareLink,
  type KlipShareTarget,
} from '../../../../shared/domain/share-links.ts';
import { KLIPS_MESSAGES } from '../../../../shared/klip-messages.ts';
import { KLIP_SOCIAL_MESSAGES } from '../../../../shared/klip-social-messages.ts';
import { useIsMobile } from '../../../hooks/use-media-query.ts';
import { trackEvent } from '../../../lib/analytics.ts';
import { recordShare } from '../api/interactions.ts';
import { ACTION_MENU_ITEM_CLASS, ActionColumnMenuContent } from './action-column-menu.tsx';
import { KlipActionButton } from './klip-action-button.tsx';
import { toast } from '../../../lib/toast.ts';

function TargetIcon({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className={clsx('grid size-8 place-items-center rounded-full text-sm font-bold text-white', className)}
    >
      {children}
    </span>
  );
}

const INTENTS = [
  {
    target: 'whatsapp',
    label: KLIP_SOCIAL_MESSAGES.shareWhatsApp,
    icon: (
      <TargetIcon className="bg-[#25d366]">
        <MessageCircle className="size-4" />
      </TargetIcon>
    ),
  },
  { target: 'x', label: KLIP_SOCIAL_MESSAGES.shareX, icon: <TargetIcon className="bg-black">X</TargetIcon> },
  {
    target: 'facebook',
    label: KLIP_SOCIAL_MESSAGES.shareFacebook,
    icon: <TargetIcon className="bg-[#1877f2]">f</TargetIcon>,
  },
] as const;

/** The trigger and its menu. `defaultOpen`: mounted by the first press on KlipActions' stand-in, so opens at once. */
export function ShareMenu({ klip, defaultOpen = false }: { klip: Klip; defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const canShareNatively =
    isMobile && typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const shared = (target: KlipShareTarget) => {
    recordShare(klip.id, target);
    trackEvent({ type: 'share', content_type: 'klip', content_id: klip.id, share_method: target });
  };

  async function copyLink(): Promise<void> {
    try {
      await navigator.clipboard.writeText(buildKlipShareLink(origin, klip.id, 'copy_link'));
      toast.success(KLIPS_MESSAGES.linkCopied);
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), COPY_LINK_CONFIRM_MS);
      shared('copy_link');
    } catch {
      toast.error(KLIPS_MESSAGES.linkCopyFailed);
    }
  }

  async function shareNatively(): Promise<void> {
    try {
      await navigator.share({ title: klip.title, url: buildKlipShareLink(origin, klip.id, 'native') });
      shared('native');
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if ((error as DOMException).name !== 'AbortError') toast.error(KLIP_SOCIAL_MESSAGES.shareFailed);
    }
  }

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <KlipActionButton
          aria-label={copied ? KLIP_SOCIAL_MESSAGES.shareCopied : KLIP_SOCIAL_MESSAGES.share}
          icon={
            copied ? (
              <Check aria-hidden="true" className="size-6" />
            ) : (
              <Share2 aria-hidden="true" className="size-6" />
            )
          }
          count={copied ? KLIP_SOCIAL_MESSAGES.copied : KLIP_SOCIAL_MESSAGES.share}
        />
      </DropdownMenu.Trigger>
      <ActionColumnMenuContent className="w-56">
        <DropdownMenu.Item
          className={ACTION_MENU_ITEM_CLASS}
          onSelect={(event) => {
            // The menu stays open so that the confirmation shows where the shopper tapped.
            event.preventDefault();
            void copyLink();
          }}
        >
          <TargetIcon className={copied ? 'bg-emerald-600' : 'bg-stone-600'}>
            {copied ? <Check className="size-4" /> : <Link2 className="size-4" />}
          </TargetIcon>
          <span aria-live="polite">
            {copied ? KLIP_SOCIAL_MESSAGES.copied : KLIP_SOCIAL_MESSAGES.copyLink}
          </span>
        </DropdownMenu.Item>
        {INTENTS.map(({ target, label, icon }) => (
          <DropdownMenu.Item
            key={target}
            asChild
            className={ACTION_MENU_ITEM_CLASS}
            onSelect={() => shared(target)}
          >
            <a
              href={buildKlipShareIntent(target, { origin, klipId: klip.id, title: klip.title })}
              target="_blank"
              rel="noopener noreferrer"
            >
              {icon}
              {label}
            </a>
          </DropdownMenu.Item>
        ))}
        {canShareNatively ? (
          <DropdownMenu.Item className={ACTION_MENU_ITEM_CLASS} onSelect={() => void shareNatively()}>
            <TargetIcon className="bg-brand">
              <Upload className="size-4" />
            </TargetIcon>
            {KLIP_SOCIAL_MESSAGES.shareMore}
          </DropdownMenu.Item>
        ) : null}
      </ActionColumnMenuContent>
    </DropdownMenu.Root>
  );
}

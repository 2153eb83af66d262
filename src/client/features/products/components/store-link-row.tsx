// A seller's store link in 'Buy on Other Platforms' (docs/product.md "Contact dialog", "Link preview"). Built-in
// shopping hosts show the
// name and icon that ship with the app; other links show their preview's publisher and title as text. Images of
// other sites are never shown: the page's Content-Security-Policy allows only our own.
import { Link2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { CONTACT_TRACKING_CAMPAIGN, TRACKING_MEDIUMS } from '../../../../shared/constants.ts';
import type { ProductDetail } from '../../../../shared/contracts/products.ts';
import { addTrackingParams, toUtmContent } from '../../../../shared/domain/contact.ts';
import { CATALOGUE_MESSAGES } from '../../../../shared/catalogue-messages.ts';
import { CONTACT_MESSAGES } from '../../../../shared/product-messages.ts';
import { useLinkPreview } from '../api/link-preview.ts';
import { ContactRow, RowIcon } from './contact-row.tsx';
import type { ContactTarget } from './use-contact-actions.ts';

export type StoreLink = ProductDetail['metadata']['externalLinks'][number];

/** Only the icons that ship with the app (public/shopping-hosts/), whatever a record says. */
function isBuiltInIcon(icon: string | null): icon is string {
  return icon !== null && /^\/shopping-hosts\/[a-z0-9-]+\.svg$/.test(icon);
}

/** amazon.in/dp/B0TEST: enough of a link to recognise it. */
function shortenUrl(url: URL): string {
  const host = url.hostname.replace(/^www\./, '');
  return url.pathname === '/' ? host : `${host}${url.pathname}`;
}

export function StoreLinkRow({
  targetKey,
  link,
  url,
  productName,
  campaign = CONTACT_TRACKING_CAMPAIGN,
  busy,
  onActivate,
}: {
  targetKey: string;
  link: StoreLink;
  /** The link, already checked by parseHttpUrl. */
  url: URL;
  productName: string;
  /** The tracking campaign: the contact dialog's by default; the Loot Box dialog names its own. */
  campaign?: string;
  busy: boolean;
  onActivate: (target: ContactTarget, event: MouseEvent<HTMLElement>) => void;
}) {
  const builtInIcon = isBuiltInIcon(link.platformInfo.icon) ? link.platformInfo.icon : null;
  // A built-in host's preview is the table entry the product already carries: nothing to ask for.
  const preview = useLinkPreview(url.href, { enabled: builtInIcon === null });
  const name = (builtInIcon ? null : preview.data?.publisher) || link.platformInfo.name;
  const href = addTrackingParams(url.href, {
    medium: TRACKING_MEDIUMS.external,
    campaign,
    content: toUtmContent(productName),
  });
  const target: ContactTarget = {
    key: targetKey,
    href,
    invalid: CATALOGUE_MESSAGES.invalidUrl,
    opening: CONTACT_MESSAGES.openingLink(name),
    failed: CONTACT_MESSAGES.linkFailed,
    newTab: true,
    unavailable: {
      message: CONTACT_MESSAGES.linkUnavailable,
      offer: {
        label: CONTACT_MESSAGES.copyLink,
        value: href,
        copied: CONTACT_MESSAGES.linkCopied,
        failed: CONTACT_MESSAGES.copyLinkFailed,
      },
    },
  };
  return (
    <ContactRow
      target={target}
      // Seller-given links: no endorsement for search engines, as for links in bios.
      rel="noopener noreferrer nofollow ugc"
      icon={
        builtInIcon ? (
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl border border-line bg-white">
            <img src={builtInIcon} alt="" width={24} height={24} className="size-6" />
          </span>
        ) : (
          <RowIcon icon={Link2} className="bg-surface-muted text-ink-muted" />
        )
      }
      label={name}
      detail={preview.data?.title || shortenUrl(url)}
      busy={busy}
      onActivate={onActivate}
    />
  );
}

// The WhatsApp, Phone and Email rows of the contact dialog (docs/product.md "Contact dialog", "Contact entries"),
// built from the product's contact info.
import { Mail, MessageCircle, Phone, type LucideIcon } from 'lucide-react';
import { CONTACT_TRACKING_CAMPAIGN, TRACKING_MEDIUMS } from '../../../../shared/constants.ts';
import type { ProductDetail } from '../../../../shared/contracts/products.ts';
import {
  addTrackingParams,
  buildEmailComposeUrl,
  buildTelUrl,
  buildWhatsAppUrl,
  formatPhoneNumber,
  isValidEmail,
  isValidPhone,
  normalizeContactEntry,
  toIndianPhoneNumber,
  toUtmContent,
} from '../../../../shared/domain/contact.ts';
import { CATALOGUE_MESSAGES } from '../../../../shared/catalogue-messages.ts';
import { CONTACT_MESSAGES } from '../../../../shared/product-messages.ts';
import type { ContactTarget } from './use-contact-actions.ts';
import type { CopyOffer } from './contact-toasts.tsx';

export type ContactMethod = {
  target: ContactTarget;
  label: string;
  detail: string;
  icon: LucideIcon;
  /** Colours of the icon tile. */
  tone: string;
};

function offerNumber(phone: string): CopyOffer {
  return {
    label: CONTACT_MESSAGES.copyNumber,
    value: `+${toIndianPhoneNumber(phone)}`,
    copied: CONTACT_MESSAGES.numberCopied,
    failed: CONTACT_MESSAGES.copyNumberFailed,
  };
}

/**
 * docs/product.md "Contact entries": only string entries are shown; an entry that fails its check is still shown
 * and says so when used. The phone row falls back to the WhatsApp number. `productUrl` is the product page, which
 * the messages carry with the messaging-contact tracking of docs/product.md "Share link", under `campaign` (the
 * contact dialog's by default; the Loot Box dialog names its own).
 */
export function listContactMethods(
  product: ProductDetail,
  productUrl: string,
  campaign: string = CONTACT_TRACKING_CAMPAIGN,
): ContactMethod[] {
  const contactInfo = product.metadata.contactInfo as Partial<Record<string, unknown>> | undefined;
  const whatsapp = normalizeContactEntry(contactInfo?.whatsapp);
  const phone = normalizeContactEntry(contactInfo?.phone) || whatsapp;
  const email = normalizeContactEntry(contactInfo?.email);
  const trackedProductUrl = addTrackingParams(productUrl, {
    medium: TRACKING_MEDIUMS.contact,
    campaign,
    content: toUtmContent(product.name),
  });
  const message = CONTACT_MESSAGES.inquiry(product.name, trackedProductUrl);

  const methods: ContactMethod[] = [];
  if (whatsapp) {
    const valid = isValidPhone(whatsapp);
    methods.push({
      label: CONTACT_MESSAGES.whatsApp,
      detail: valid ? formatPhoneNumber(whatsapp) : whatsapp,
      icon: MessageCircle,
      tone: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
      target: {
        key: 'whatsapp',
        href: valid ? buildWhatsAppUrl(whatsapp, message) : null,
        invalid: CATALOGUE_MESSAGES.invalidWhatsApp,
        opening: CONTACT_MESSAGES.openingWhatsApp,
        failed: CONTACT_MESSAGES.whatsAppFailed,
        newTab: true,
        unavailable: valid
          ? { message: CONTACT_MESSAGES.whatsAppUnavailable, offer: offerNumber(whatsapp) }
          : undefined,
      },
    });
  }
  if (phone) {
    const valid = isValidPhone(phone);
    methods.push({
      label: CONTACT_MESSAGES.phone,
      detail: valid ? formatPhoneNumber(phone) : phone,
      icon: Phone,
      tone: 'bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300',
      target: {
        key: 'phone',
        href: valid ? buildTelUrl(phone) : null,
        invalid: CATALOGUE_MESSAGES.invalidPhone,
        opening: CONTACT_MESSAGES.initiatingCall,
        failed: CONTACT_MESSAGES.callFailed,
        newTab: false,
        callOffer: valid ? offerNumber(phone) : undefined,
      },
    });
  }
  if (email) {
    const valid = isValidEmail(email);
    methods.push({
      label: CONTACT_MESSAGES.email,
      detail: email,
      icon: Mail,
      tone: 'bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300',
      target: {
        key: 'email',
        href: valid
          ? buildEmailComposeUrl({
              to: email,
              subject: CONTACT_MESSAGES.emailSubject(product.name),
              body: message,
            })
          : null,
        invalid: CATALOGUE_MESSAGES.invalidEmail,
        opening: CONTACT_MESSAGES.openingGmail,
        failed: CONTACT_MESSAGES.gmailFailed,
        newTab: true,
      },
    });
  }
  return methods;
}

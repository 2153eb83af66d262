// The contacts a creator gave on their profile (decision 0074): WhatsApp, phone and e-mail as links, each only when
// it is set and valid (docs/product.md "Phone", "E-mail"); nothing when there are none (or the server hid them).
import { Mail, MessageCircle, Phone } from 'lucide-react';
import type { UserProfile } from '../../../../shared/contracts/users.ts';
import {
  buildEmailComposeUrl,
  buildTelUrl,
  formatPhoneNumber,
  isValidEmail,
  isValidPhone,
  toIndianPhoneNumber,
} from '../../../../shared/domain/contact.ts';
import { CREATOR_MESSAGES } from '../../../../shared/creator-messages.ts';
import { PROFILE_MESSAGES } from '../../../../shared/profile-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';

export function CreatorContacts({
  contact,
  className,
}: {
  contact: UserProfile['metadata']['contactInfo'];
  className?: string;
}) {
  const links = [
    contact.whatsapp && isValidPhone(contact.whatsapp)
      ? {
          key: 'whatsapp',
          href: `https://wa.me/${toIndianPhoneNumber(contact.whatsapp)}`,
          label: `${PROFILE_MESSAGES.whatsappLabel}: ${formatPhoneNumber(contact.whatsapp)}`,
          text: formatPhoneNumber(contact.whatsapp),
          Icon: MessageCircle,
        }
      : null,
    contact.phone && isValidPhone(contact.phone)
      ? {
          key: 'phone',
          href: buildTelUrl(contact.phone),
          label: `${PROFILE_MESSAGES.phoneLabel}: ${formatPhoneNumber(contact.phone)}`,
          text: formatPhoneNumber(contact.phone),
          Icon: Phone,
        }
      : null,
    contact.email && isValidEmail(contact.email)
      ? {
          key: 'email',
          href: buildEmailComposeUrl({
            to: contact.email,
            subject: CREATOR_MESSAGES.contactSubject,
            body: '',
          }),
          label: `${PROFILE_MESSAGES.emailLabel}: ${contact.email}`,
          text: contact.email,
          Icon: Mail,
        }
      : null,
  ].filter((link) => link !== null);
  if (links.length === 0) return null;
  return (
    <ul aria-label={PROFILE_MESSAGES.contactsTitle} className={`flex flex-wrap gap-2 ${className ?? ''}`}>
      {links.map(({ key, href, label, text, Icon }) => (
        <li key={key} className="min-w-0">
          <a
            href={href}
            target={key === 'phone' ? undefined : '_blank'}
            rel="noopener noreferrer"
            aria-label={label}
            className={getButtonClass({ variant: 'secondary', size: 'sm', className: 'max-w-full' })}
          >
            <Icon aria-hidden="true" className="size-4" />
            <span className="truncate">{text}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

// 'Contact Shop Star' (spec §2 and §5): WhatsApp, phone and e-mail when the seller gave valid ones, then the
// seller's store links. Opening happens off-site; nothing is bought here.
import { ExternalLink, Mail, MessageCircle, Phone, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ProductDetail } from '../../../../shared/contracts/products.ts';
import {
  isValidEmail,
  isValidPhone,
  parseHttpUrl,
  toIndianPhoneNumber,
} from '../../../../shared/domain/contact.ts';
import { ICON_BUTTON_CLASS } from '../../../components/ui/button-styles.ts';

type Method = { key: string; label: string; detail: string; href: string; icon: typeof Phone };

export function buildContactMethods(product: ProductDetail): Method[] {
  const { whatsapp, phone, email } = product.metadata.contactInfo;
  const text = `Hi! I'm interested in "${product.name}" on Lootklip.`;
  const methods: Method[] = [];
  if (whatsapp && isValidPhone(whatsapp)) {
    methods.push({
      key: 'whatsapp',
      label: 'WhatsApp',
      detail: `+${toIndianPhoneNumber(whatsapp)}`,
      href: `https://wa.me/${toIndianPhoneNumber(whatsapp)}?text=${encodeURIComponent(text)}`,
      icon: MessageCircle,
    });
  }
  // Spec §5: the phone contact falls back to the WhatsApp number.
  const callable = phone && isValidPhone(phone) ? phone : whatsapp && isValidPhone(whatsapp) ? whatsapp : '';
  if (callable) {
    methods.push({
      key: 'phone',
      label: 'Phone',
      detail: `+${toIndianPhoneNumber(callable)}`,
      href: `tel:+${toIndianPhoneNumber(callable)}`,
      icon: Phone,
    });
  }
  if (email && isValidEmail(email)) {
    const compose = new URL('https://mail.google.com/mail/');
    compose.search = new URLSearchParams({
      view: 'cm',
      fs: '1',
      to: email,
      su: product.name,
      body: text,
    }).toString();
    methods.push({ key: 'email', label: 'Email', detail: email, href: compose.href, icon: Mail });
  }
  return methods;
}

export function ContactDialog({
  product,
  open,
  onOpenChange,
}: {
  product: ProductDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const methods = buildContactMethods(product);
  const links = product.metadata.externalLinks.filter((link) => parseHttpUrl(link.url));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-[2px]" />
        <Dialog.Content className="animate-sheet fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-3xl border border-line bg-surface p-5 shadow-lift outline-none md:inset-x-auto md:top-1/2 md:left-1/2 md:bottom-auto md:w-[28rem] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-3xl">
          <div className="flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="text-lg font-bold text-ink">Contact Shop Star</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-ink-muted">
                {`Choose how you'd like to connect about "${product.name}"`}
              </Dialog.Description>
            </div>
            <Dialog.Close className={ICON_BUTTON_CLASS} aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {methods.length === 0 && links.length === 0 ? (
            <div className="mt-6 rounded-2xl bg-surface-muted p-6 text-center">
              <p className="font-semibold text-ink">No Contact Methods Available</p>
              <p className="mt-1 text-sm text-ink-muted">
                The shop star hasn't provided any contact information yet.
              </p>
            </div>
          ) : null}
          {methods.length ? (
            <section className="mt-5">
              <h2 className="mb-2 text-sm font-semibold text-ink-muted">Contact Methods</h2>
              <ul className="flex flex-col gap-2">
                {methods.map(({ key, label, detail, href, icon }) => (
                  <ContactRow
                    key={key}
                    href={href}
                    icon={icon}
                    label={label}
                    detail={detail}
                    newTab={key !== 'phone'}
                  />
                ))}
              </ul>
            </section>
          ) : null}
          {links.length ? (
            <section className="mt-5">
              <h2 className="text-sm font-semibold text-ink-muted">Buy on Other Platforms</h2>
              <p className="mb-2 text-xs text-ink-subtle">{`${links.length} link(s) available`}</p>
              <ul className="flex flex-col gap-2">
                {links.map((link) => (
                  <ContactRow
                    key={link.url}
                    href={link.url}
                    icon={ExternalLink}
                    label={link.platformInfo.name}
                    detail={new URL(link.url).hostname}
                    newTab
                  />
                ))}
              </ul>
            </section>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ContactRow({
  href,
  icon: Icon,
  label,
  detail,
  newTab,
}: {
  href: string;
  icon: typeof Phone;
  label: string;
  detail: string;
  newTab: boolean;
}) {
  return (
    <li>
      <a
        href={href}
        target={newTab ? '_blank' : undefined}
        rel="noopener noreferrer nofollow"
        className="flex items-center gap-3 rounded-2xl border border-line p-3 text-left transition-colors hover:border-brand hover:bg-brand-soft/40"
      >
        <Icon aria-hidden="true" className="size-5 text-brand" />
        <span className="min-w-0">
          <span className="block font-semibold text-ink">{label}</span>
          <span className="block truncate text-sm text-ink-muted">{detail}</span>
        </span>
      </a>
    </li>
  );
}

// The product page's own texts: sharing and the contact dialog (docs/product.md "Product detail").

// Sharing (docs/product.md "Error texts: Sharing").
export const SHARE_MESSAGES = {
  productShareFailed: 'Failed to share product',
  linkCopied: 'Link copied to clipboard!',
  linkCopyFailed: 'Failed to copy link.',
} as const;

// Contact dialog 'Contact Shop Star' (docs/product.md "Contact dialog", "Error texts: Contact and quote"). The
// invalid-entry texts are in
// CATALOGUE_MESSAGES.
export const CONTACT_MESSAGES = {
  title: 'Contact Shop Star',
  subtitle: (product: string) => `Choose how you'd like to connect about "${product}".`,
  methodsHeading: 'Contact Methods',
  linksHeading: 'Buy on Other Platforms',
  linksAvailable: (count: number) => `${count} link(s) available`,
  emptyTitle: 'No Contact Methods Available',
  emptyBody: "The shop star hasn't provided any contact information yet.",
  whatsApp: 'WhatsApp',
  phone: 'Phone',
  email: 'Email',
  inquiry: (product: string, link: string) => `Hi! I'm interested in "${product}" on Lootklip: ${link}`,
  emailSubject: (product: string) => `Enquiry about "${product}" on Lootklip`,
  openingWhatsApp: 'Opening WhatsApp...',
  whatsAppUnavailable: 'Unable to open WhatsApp',
  whatsAppFailed: 'Failed to open WhatsApp. Please try again.',
  initiatingCall: 'Initiating call...',
  callFailed: 'Failed to initiate call. Please try again.',
  openingGmail: 'Opening Gmail...',
  gmailFailed: 'Failed to open Gmail. Please try again.',
  openingLink: (platform: string) => `Opening ${platform}...`,
  linkUnavailable: 'Unable to open link',
  linkFailed: 'Failed to open link. Please try again.',
  copyNumber: 'Copy Number',
  numberCopied: 'Phone number copied!',
  copyNumberFailed: 'Failed to copy text',
  copyLink: 'Copy Link',
  linkCopied: 'Link copied!',
  copyLinkFailed: 'Failed to copy link.',
  dialogFailed: 'Something went wrong. Please try again.',
} as const;

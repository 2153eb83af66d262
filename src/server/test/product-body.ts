// The smallest way to reach the seller that creating a product needs (decision 0046), for tests that create
// products through the API and are about something else.
export const SELLER_CONTACT = { contactInfo: { whatsapp: '9876543210' } } as const;

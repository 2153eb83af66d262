// Answers of the API as client tests serve them: whole contract objects with plain defaults, changed per test.
import type { ProductSummary } from '../../shared/contracts/products.ts';
import type { UserProfile } from '../../shared/contracts/users.ts';

/** A creator's profile (src/shared/contracts/users.ts). */
export function createTestProfile(changes: Partial<UserProfile> = {}): UserProfile {
  return {
    uid: 'u-kavya',
    username: 'kavya.crafts',
    fullName: 'Kavya Crafts',
    displayName: 'Kavya',
    avatar: null,
    photoURL: null,
    avatarUpdatedAt: null,
    coverImage: null,
    bio: 'Handmade in Jaipur. Shop: https://example.in/shop',
    stats: { productCount: 14, klipCount: 3, totalLikes: 1250 },
    metadata: { contactInfo: { whatsapp: '98765 43210', phone: '', email: 'kavya@example.in' } },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...changes,
  };
}

/** A product as lists show it (src/shared/contracts/products.ts); its contentId is its id. */
export function createTestProductSummary(changes: Partial<ProductSummary> = {}): ProductSummary {
  const id = changes.id ?? 'p-1';
  return {
    id,
    contentId: id,
    type: 'product',
    status: 'active',
    name: 'Brass Diya',
    description: '',
    price: 500,
    discount: 0,
    category: 'Home - Decor',
    tags: [],
    rating: 0,
    ratingCount: 0,
    files: [],
    cover: null,
    uid: 'u-kavya',
    creatorUsername: 'kavya.crafts',
    creatorAvatar: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...changes,
  };
}

// What a visitor chose to add before signing in (docs/product.md "Who sees what": 'Add to Loot' while signed
// out goes to /auth/login remembering the origin, and the add completes after sign-in). Kept for the browser session
// only, so a product chosen on a shared computer is not added to whoever signs in tomorrow.
import { CART_PENDING_ADDS_STORAGE_KEY } from '../../../shared/constants.ts';
import type { AddableProduct, AddOptions } from './cart-context.ts';

export interface PendingAdd {
  product: AddableProduct;
  options?: AddOptions;
}

function isPendingAdd(value: unknown): value is PendingAdd {
  if (typeof value !== 'object' || value === null) return false;
  const { product } = value as { product?: Partial<AddableProduct> };
  return (
    typeof product?.id === 'string' &&
    typeof product.name === 'string' &&
    typeof product.price === 'number' &&
    typeof product.discount === 'number'
  );
}

function readPendingAdds(): PendingAdd[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(CART_PENDING_ADDS_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isPendingAdd) : [];
  } catch {
    return [];
  }
}

/** Adds to what is already waiting (a product chosen twice is added once: the cart ignores duplicates). */
export function rememberPendingAdds(adds: readonly PendingAdd[]): void {
  try {
    sessionStorage.setItem(CART_PENDING_ADDS_STORAGE_KEY, JSON.stringify([...readPendingAdds(), ...adds]));
  } catch {
    // Storage blocked: the visitor signs in and adds the product again.
  }
}

/** What is waiting, forgotten as it is read (so that it is added once). */
export function takePendingAdds(): PendingAdd[] {
  const adds = readPendingAdds();
  try {
    sessionStorage.removeItem(CART_PENDING_ADDS_STORAGE_KEY);
  } catch {
    // Storage blocked: nothing was stored.
  }
  return adds;
}

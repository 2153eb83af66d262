// What the klip form gets from other features through the app layer (features never import each other, decision
// 0028): the product form's tag input and a search over the seller's own products. app/klip-form-slots.tsx fills
// these in; the klip form only knows their props.
import type { ComponentType, ReactNode } from 'react';
import type { ProductSummary } from '../../../shared/contracts/products.ts';
import type { ProductPickerResults } from '../../components/ui/product-picker.tsx';

export type KlipTagInputProps = {
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string | undefined;
};

export type KlipProductPickerProps = {
  /** The featured product's id, or null for none. */
  productId: string | null;
  onChange: (productId: string | null) => void;
  error?: string | undefined;
};

export type KlipFormSlots = {
  TagInput: ComponentType<KlipTagInputProps>;
  ProductPicker: ComponentType<KlipProductPickerProps>;
};

/** One page-at-a-time search over the seller's products, as the product picker shows it. */
export type SellerProductSearch = ProductPickerResults & {
  renderThumbnail: (product: ProductSummary) => ReactNode;
};

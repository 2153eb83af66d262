// The klip form's pieces from other features, composed here because features never import each other (decision
// 0028): the product form's tag input with a klip's limits, and the featured-product picker over the seller's own
// catalogue (the offer form's search, useSellerProducts, and its thumbnails).
import { useEffect, useState } from 'react';
import { KLIP_TAG_MAX_LENGTH, KLIP_TAGS_MAX } from '../../shared/constants.ts';
import type { ProductSummary } from '../../shared/contracts/products.ts';
import { KlipFormProduct } from '../features/klips/components/klip-form-product.tsx';
import type {
  KlipFormSlots,
  KlipProductPickerProps,
  KlipTagInputProps,
  SellerProductSearch,
} from '../features/klips/klip-form-slots.ts';
import { useSellerProducts } from '../features/offers/api/seller-products.ts';
import { ProductThumbnail } from '../features/offers/components/product-thumbnail.tsx';
import { useProduct } from '../features/products/api/products.ts';
import { ProductFormTags } from '../features/products/components/product-form-tags.tsx';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { useAuth } from '../lib/auth.ts';

/** Typing settles this long before the picker asks the server (as the offer form's picker does). */
const SEARCH_DELAY_MS = 250;
const TAG_LIMITS = { max: KLIP_TAGS_MAX, maxLength: KLIP_TAG_MAX_LENGTH };

function KlipTagInput(props: KlipTagInputProps) {
  return (
    <ProductFormTags
      {...props}
      limits={TAG_LIMITS}
      hint={`Press Enter or type a comma after each tag. Up to ${KLIP_TAGS_MAX} tags help shoppers find your klip.`}
    />
  );
}

const renderThumbnail = (product: ProductSummary) => <ProductThumbnail product={product} />;

/** A featured product's details by id, for one the picker has not loaded (an edited klip's product). */
function ProductDetailsLoader({
  productId,
  onLoaded,
}: {
  productId: string;
  onLoaded: (product: ProductSummary) => void;
}) {
  const product = useProduct(productId).data?.product;
  useEffect(() => {
    if (product) onLoaded(product);
  }, [product, onLoaded]);
  return null;
}

function KlipProductPicker(props: KlipProductPickerProps) {
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DELAY_MS);
  const list = useSellerProducts(user?.uid, debounced);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [known, setKnown] = useState<ProductSummary | undefined>(undefined);
  const chosen =
    known?.id === props.productId ? known : items.find((product) => product.id === props.productId);
  const results: SellerProductSearch = {
    items,
    isPending: list.isPending,
    error: list.error,
    hasMore: list.hasNextPage,
    isLoadingMore: list.isFetchingNextPage,
    onMore: () => void list.fetchNextPage(),
    renderThumbnail,
  };
  return (
    <>
      {props.productId && !chosen ? (
        <ProductDetailsLoader productId={props.productId} onLoaded={setKnown} />
      ) : null}
      <KlipFormProduct
        {...props}
        chosen={chosen}
        onChosen={setKnown}
        search={search}
        onSearch={setSearch}
        results={results}
      />
    </>
  );
}

export const klipFormSlots: KlipFormSlots = { TagInput: KlipTagInput, ProductPicker: KlipProductPicker };

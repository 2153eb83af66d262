import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from '../../../shared/constants.ts';
import { ChecklistCard } from '../../components/ui/checklist-card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

const MAX_IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024);

export function Component() {
  return (
    <>
      <PageHeader title="Create Product" subtitle="List a product for sale" />
      <ChecklistCard
        title="What you need"
        items={[
          `Up to ${MAX_PRODUCT_IMAGES} photos: JPEG, PNG, WebP or AVIF, at most ${MAX_IMAGE_MB} MB each`,
          'A name, a description and the category it belongs to',
          'The price in ₹, and a discount if you offer one',
          'How shoppers reach you: WhatsApp, phone, e-mail or your store links',
        ]}
      />
    </>
  );
}

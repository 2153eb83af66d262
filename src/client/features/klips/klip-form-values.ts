// The klip form's values (docs/product.md "Klip"): what a seller types, checked by the server's own schema for
// POST /api/v1/content (title required, lengths, tags), and for an edit only the fields that changed go in PATCH.
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { CreateKlipBodySchema, type Klip, type UpdateKlipBody } from '../../../shared/contracts/klips.ts';

export const KlipFormSchema = CreateKlipBodySchema.pick({
  title: true,
  description: true,
  tags: true,
  productId: true,
});
export type KlipFormData = z.output<typeof KlipFormSchema>;

export type KlipFormValues = { title: string; description: string; tags: string[]; productId: string | null };

export const EMPTY_KLIP_FORM: KlipFormValues = { title: '', description: '', tags: [], productId: null };

export const resolveKlipForm: Resolver<KlipFormValues, unknown, KlipFormData> = zodResolver(
  KlipFormSchema,
) as Resolver<KlipFormValues, unknown, KlipFormData>;

export function toKlipFormValues(klip: Klip): KlipFormValues {
  return { title: klip.title, description: klip.description, tags: klip.tags, productId: klip.productId };
}

/** PATCH sends what changed; productId null takes the product off. */
export function findChangedKlipFields(initial: KlipFormValues, data: KlipFormData): UpdateKlipBody {
  const changed: UpdateKlipBody = {};
  if (data.title !== initial.title) changed.title = data.title;
  if (data.description !== initial.description) changed.description = data.description;
  if (data.tags.join('\n') !== initial.tags.join('\n')) changed.tags = data.tags;
  const productId = data.productId ?? null;
  if (productId !== initial.productId) changed.productId = productId;
  return changed;
}

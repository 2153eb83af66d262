// The page envelope every cursor list of GET /api/v1/content answers with (docs/product.md "Content"): a page of
// items, the key that asks for the next one (null on the last page) and whether there is more.
import { z } from 'zod';

/** A cursor a list gave out, sent back as a query field (lastEvaluatedKey, nextToken). */
export const PageKeySchema = z.string().max(500);

/** The response of a cursor list of `item`; extend it for a list's own fields (total). */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    success: z.literal(true),
    items: z.array(item),
    lastEvaluatedKey: z.string().nullable(),
    hasMore: z.boolean(),
  });
}

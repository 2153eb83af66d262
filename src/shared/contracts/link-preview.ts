// Link preview (docs/product.md "Link preview"): what GET /api/v1/link-preview?url= answers.
import { z } from 'zod';
import { URL_MAX_LENGTH } from '../constants.ts';

export const LinkPreviewQuerySchema = z.object({ url: z.string().trim().min(1).max(URL_MAX_LENGTH) });

export const LinkPreviewSchema = z.object({
  title: z.string().nullable(),
  description: z.string().nullable(),
  logo: z.object({ url: z.string().nullable() }),
  favicon: z.object({ url: z.string() }),
  publisher: z.string().nullable(),
});
export type LinkPreview = z.infer<typeof LinkPreviewSchema>;

export const LinkPreviewResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal('success'),
  data: LinkPreviewSchema,
});

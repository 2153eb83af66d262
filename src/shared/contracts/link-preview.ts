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

/**
 * A link whose website gave no page we could read (unreachable, not HTML, an error status, too slow): HTTP 200, so
 * that a browser logs no failed request for what is only a missing decoration (decision 0053b). A link we refuse
 * to fetch at all is still a 400.
 */
export const LinkPreviewFailedSchema = z.object({
  success: z.literal(false),
  status: z.literal('failed'),
  message: z.string(),
  code: z.literal('link-preview/failed'),
});
export type LinkPreviewFailed = z.infer<typeof LinkPreviewFailedSchema>;

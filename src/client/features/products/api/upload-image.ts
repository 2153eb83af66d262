// POST /api/v1/media/images: one photo per request, so each thumbnail shows its own progress and failure. The
// answer's id is what a product lists in `images`.
import type { ProductImage } from '../../../../shared/contracts/products.ts';
import { api, type UploadOptions } from '../../../lib/api-client.ts';

export async function uploadImage(file: File, options: UploadOptions): Promise<ProductImage> {
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await api.upload<{ data: ProductImage }>('/media/images', body, options);
  return answer.data;
}

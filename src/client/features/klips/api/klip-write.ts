// A seller's writes to their klips (docs/product.md "Klip video upload", "Content"): the video upload with its
// progress (POST /api/v1/media/videos), the poster frame (POST /api/v1/media/images), then POST /api/v1/content
// `{type: 'klip'}` creates the klip; PATCH, DELETE and POST .../retry on /api/v1/klips/{id} are the owner's.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateKlipBody, KlipResponse, UpdateKlipBody } from '../../../../shared/contracts/klips.ts';
import { api, type UploadOptions } from '../../../lib/api-client.ts';
import { removeFromPagedLists } from '../../../lib/query-client.ts';
import { klipKeys } from './klips.ts';

export type UploadedVideo = { id: string; status: 'processing'; durationMs: number };

/** Sends the video as the multipart field `file`, reporting the share sent; an abort rejects with AbortError. */
export async function uploadKlipVideo(file: File, options: UploadOptions): Promise<UploadedVideo> {
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await api.upload<{ data: UploadedVideo }>('/media/videos', body, options);
  return answer.data;
}

/** The frame the seller picked, as a JPEG image of their own: its id is the klip's posterId. */
export async function uploadKlipPoster(frame: Blob, options: UploadOptions = {}): Promise<string> {
  const body = new FormData();
  body.append('file', frame, 'poster.jpg');
  const answer = await api.upload<{ data: { id: string } }>('/media/images', body, options);
  return answer.data.id;
}

const klipPath = (id: string) => `/klips/${encodeURIComponent(id)}`;

/** Keeps the answer as the klip's detail and has every list load again. */
function storeKlip(queryClient: QueryClient, answer: KlipResponse): Promise<void> {
  queryClient.setQueryData(klipKeys.detail(answer.klip.id), answer);
  return queryClient.invalidateQueries({ queryKey: klipKeys.all, refetchType: 'none' });
}

export function useCreateKlip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateKlipBody, 'type'>) =>
      api.post<KlipResponse>('/content', { type: 'klip', ...body } satisfies CreateKlipBody),
    onSuccess: (answer) => storeKlip(queryClient, answer),
  });
}

export function useUpdateKlip(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateKlipBody) => api.patch<KlipResponse>(klipPath(id), body),
    onSuccess: (answer) => storeKlip(queryClient, answer),
  });
}

/** Processing again: the same upload when its original is still kept, or a new one (videoId). */
export function useRetryKlip(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (videoId?: string) =>
      api.post<KlipResponse>(`${klipPath(id)}/retry`, videoId ? { videoId } : {}),
    onSuccess: (answer) => storeKlip(queryClient, answer),
  });
}

export function useDeleteKlip(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>(klipPath(id)),
    onSuccess: () => {
      // Gone from every loaded list at once (the grid, a creator's klips, the theater and the phone feed, which
      // play from those lists). Then every klip query loads again, not awaited, except this klip's own, which
      // the page showing it is about to leave (asking again would flash 'Klip not found' first).
      removeFromPagedLists(queryClient, klipKeys.all, id);
      void queryClient.invalidateQueries({
        queryKey: klipKeys.all,
        predicate: (query) => query.queryKey.join('/') !== klipKeys.detail(id).join('/'),
      });
    },
  });
}

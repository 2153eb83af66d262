// The signed-in user's own profile (docs/product.md "Users": GET and PATCH /users/profile, POST /users/avatar and
// /users/cover) and the live username check (docs/product.md "Username check"), for the profile editor
// (decision 0074). A saved change refreshes every cached profile, so a creator page shows it without a reload.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS } from '../../../../shared/constants.ts';
import {
  ProfileUsernameSchema,
  type ProfileUpdate,
  type UserProfile,
} from '../../../../shared/contracts/users.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { api } from '../../../lib/api-client.ts';

type ProfileAnswer = { success: true; data: UserProfile };

export const MY_PROFILE_KEY = ['profile', 'me'] as const;

export function useMyProfile(enabled = true) {
  return useQuery({
    queryKey: MY_PROFILE_KEY,
    queryFn: ({ signal }) => api.get<ProfileAnswer>('/users/profile', { signal }),
    enabled,
  });
}

/** The new profile everywhere it is cached: one's own, and the creator pages (by uid and by any username). */
function storeProfile(queryClient: QueryClient, profile: UserProfile): void {
  queryClient.setQueryData(MY_PROFILE_KEY, { success: true as const, data: profile });
  void queryClient.invalidateQueries({
    queryKey: ['profile'],
    predicate: (query) => query.queryKey[1] !== 'me',
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdate) => api.patch<ProfileAnswer>('/users/profile', changes),
    onSuccess: (answer) => storeProfile(queryClient, answer.data),
  });
}

export type ProfileImageField = 'avatar' | 'cover';

/** Uploads a cropped avatar or cover through the image pipeline, reporting progress from 0 to 1. */
export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      field,
      image,
      onProgress,
    }: {
      field: ProfileImageField;
      image: Blob;
      onProgress: (progress: number) => void;
    }) => {
      const body = new FormData();
      body.append(field, image, `${field}.jpg`);
      return api.upload<ProfileAnswer>(`/users/${field}`, body, { onProgress });
    },
    onSuccess: (answer) => storeProfile(queryClient, answer.data),
  });
}

export type UsernameCheck = { available: boolean; message: string };

/**
 * The live check, 300 ms after the last keystroke, of a well-formed name other than one's own: the answer for the
 * name now in the field, or undefined while typing or for one's own name.
 */
export function useUsernameAvailability(username: string, current: string): UsernameCheck | undefined {
  const debounced = useDebouncedValue(username, SEARCH_DEBOUNCE_MS);
  const parsed = ProfileUsernameSchema.safeParse(debounced);
  const wanted = parsed.success && parsed.data !== current;
  const { data } = useQuery({
    queryKey: ['check-username', debounced],
    queryFn: ({ signal }) =>
      api.get<UsernameCheck>(`/users/check-username/${encodeURIComponent(debounced)}`, { signal }),
    enabled: wanted,
    staleTime: 10_000,
  });
  return wanted && debounced === username ? data : undefined;
}

// The live username check of the register form (docs/product.md "Users", "Username check"):
// GET /users/check-username/{name} -> available, message.
import { useQuery } from '@tanstack/react-query';
import { UsernameSchema } from '../../../../shared/contracts/auth.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../../shared/constants.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { api } from '../../../lib/api-client.ts';

export type UsernameCheck = { available: boolean; message: string };

export function useUsernameCheck(username: string): UsernameCheck | undefined {
  const debounced = useDebouncedValue(username, SEARCH_DEBOUNCE_MS);
  const wellFormed = UsernameSchema.safeParse(debounced).success;
  const { data } = useQuery({
    queryKey: ['check-username', debounced],
    queryFn: ({ signal }) =>
      api.get<UsernameCheck>(`/users/check-username/${encodeURIComponent(debounced)}`, { signal }),
    enabled: wellFormed,
    staleTime: 10_000,
  });
  // While the user is still typing, an answer about an older name would mislead: show none.
  return wellFormed && debounced === username ? data : undefined;
}

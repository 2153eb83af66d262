// Deleting one's own account (src/shared/contracts/account.ts; docs/decisions/0076-account-deletion.md): what
// confirms it (the password, or the username for an account without one), and the delete itself.
import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AccountDeletionResponse,
  DeleteAccountBody,
  DeleteAccountResponse,
} from '../../../../shared/contracts/account.ts';
import { api } from '../../../lib/api-client.ts';

const ACCOUNT_PATH = '/account';

export const accountDeletionQueryKey = ['account', 'deletion'] as const;

/** Asked only once the dialog opens: the settings page itself does not need it. */
export function useAccountDeletionCheck(enabled: boolean) {
  return useQuery({
    queryKey: accountDeletionQueryKey,
    queryFn: ({ signal }) => api.get<AccountDeletionResponse>(`${ACCOUNT_PATH}/deletion`, { signal }),
    enabled,
    staleTime: Infinity,
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      api.request<DeleteAccountResponse>(ACCOUNT_PATH, { method: 'DELETE', body }),
  });
}

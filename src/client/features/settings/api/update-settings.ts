// A change on the settings screen, saved as it is made (docs/product.md "Settings"): PATCH
// /api/v1/settings/{category} with only the changed fields. The cached settings change at once, so every reader
// (the player, the page's contrast and motion) follows before the server answers; a refusal puts the changed fields
// back and says why: the server's sentence when it names a field (a 400), 'Failed to update settings' otherwise.
// One toast id, so quick changes replace their toast rather than stacking (decision 0073).
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { SETTINGS_TOAST_ID } from '../../../../shared/constants.ts';
import type { AppSettings, SettingsCategory } from '../../../../shared/contracts/settings.ts';
import { DEFAULT_SETTINGS } from '../../../../shared/domain/settings-defaults.ts';
import { SETTINGS_ERRORS } from '../../../../shared/settings-messages.ts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.ts';
import { readSettingsResponse, settingsKeys, type SettingsResponse } from '../../../lib/settings.ts';
import { toast } from '../../../lib/toast.ts';

/** One category and the fields of it that changed. */
export type SettingsChange = {
  [Category in SettingsCategory]: { category: Category; changes: Partial<AppSettings[Category]> };
}[SettingsCategory];

const UPDATE_KEY = ['settings', 'update'] as const;

function mergeFields(
  queryClient: QueryClient,
  key: readonly unknown[],
  category: SettingsCategory,
  fields: object,
): void {
  queryClient.setQueryData<SettingsResponse>(key, (current) => {
    const base = current ?? { success: true as const, settings: DEFAULT_SETTINGS };
    return {
      ...base,
      settings: { ...base.settings, [category]: { ...base.settings[category], ...fields } },
    };
  });
}

/** What a refused change says: the server's words for a field it refused, the spec's text for anything else. */
export function describeSettingsFailure(error: unknown): string {
  return error instanceof ApiError && error.status === 400 ? error.message : SETTINGS_ERRORS.updateFailed;
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const key = settingsKeys.user(user?.uid ?? null);
  return useMutation({
    mutationKey: UPDATE_KEY,
    mutationFn: ({ category, changes }: SettingsChange) =>
      api.patch<unknown>(`/settings/${category}`, changes).then(readSettingsResponse),
    onMutate: async ({ category, changes }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<SettingsResponse>(key)?.settings ?? DEFAULT_SETTINGS;
      // Only the changed fields go back on failure: another change made meanwhile keeps its own fate.
      const previous = Object.fromEntries(
        Object.keys(changes).map((field) => [field, (before[category] as Record<string, unknown>)[field]]),
      );
      mergeFields(queryClient, key, category, changes);
      return { previous };
    },
    onError: (error, { category }, context) => {
      if (context) mergeFields(queryClient, key, category, context.previous);
      toast.error(describeSettingsFailure(error), { id: SETTINGS_TOAST_ID });
    },
    onSuccess: (answer) => {
      // The server's whole answer only once no other change is on its way, so it does not undo one in flight.
      if (queryClient.isMutating({ mutationKey: UPDATE_KEY }) <= 1) queryClient.setQueryData(key, answer);
      toast.success(SETTINGS_ERRORS.updated, { id: SETTINGS_TOAST_ID });
    },
  });
}

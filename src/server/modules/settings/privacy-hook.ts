// The privacy category's settings hook (decision 0071): the three privacy choices live on the user row alone, where
// every read for another reader filters on them. `read` answers them from there and `apply` writes them there and
// takes them out of what the settings service stores, so no second copy exists that could disagree with the first.
import type { AppSettings } from '../../../shared/contracts/settings.ts';
import type { PrivacyColumns, PrivacyRepository } from './privacy.repository.ts';
import type { SettingsHook } from './settings.service.ts';

type Privacy = AppSettings['privacy'];

export function createPrivacyHook(deps: {
  privacy: PrivacyRepository;
  /** Clears the content module's shared list cache: its pages hold what each class of reader was allowed to see. */
  clearContentLists: () => void;
}): SettingsHook {
  return {
    category: 'privacy',

    async read(userId: string): Promise<Partial<Privacy>> {
      const row = await deps.privacy.read(userId);
      if (!row) return {};
      return {
        whoCanSeeMyContent: row.content_audience,
        whoCanContactMe: row.contact_audience,
        activityVisibility: row.activity_visible,
      };
    },

    async apply(userId: string, changes: Partial<Privacy>): Promise<Partial<Privacy>> {
      const columns: Partial<PrivacyColumns> = {};
      if (changes.whoCanSeeMyContent !== undefined) columns.content_audience = changes.whoCanSeeMyContent;
      if (changes.whoCanContactMe !== undefined) columns.contact_audience = changes.whoCanContactMe;
      if (changes.activityVisibility !== undefined) columns.activity_visible = changes.activityVisibility;
      const written = await deps.privacy.update(userId, columns);
      // Cached list pages were cut for the old audience; contact choices are read per request, never cached.
      if (written && columns.content_audience && columns.content_audience !== written.contentAudienceBefore) {
        deps.clearContentLists();
      }
      // All three are the user row's: nothing of this category is left for the settings object.
      return {};
    },
  };
}

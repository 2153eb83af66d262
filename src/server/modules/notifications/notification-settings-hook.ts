// The notifications category's settings hook (decision 0077, amended): switching a kind off marks its unread rows
// read in the settings write's own transaction (migration 0029's trigger); once stored, the user's open streams are
// told, so that other tabs' badges drop at once rather than at their next poll.
import type { SettingsHook } from '../settings/settings.service.ts';
import type { NotificationsService } from './notifications.service.ts';

export function createNotificationSettingsHook(
  notifications: Pick<NotificationsService, 'activityChanged'>,
): SettingsHook {
  return {
    category: 'notifications',
    async afterStore(userId) {
      notifications.activityChanged(userId);
    },
  };
}

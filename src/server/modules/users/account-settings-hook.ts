// The account category of the settings (docs/product.md "App settings"; decision 0074): its e-mail and username
// are the user row's. A username change is the profile's username change (the old name keeps redirecting); the
// e-mail is not changeable. account.phone is stored with the settings: it is the account's private number, not the
// public phone contact of the profile.
import { PROFILE_MESSAGES } from '../../../shared/profile-messages.ts';
import { SERVER_MESSAGES } from '../../../shared/server-messages.ts';
import { AppError } from '../../errors.ts';
import type { SettingsHook } from '../settings/settings.service.ts';
import type { UsersService } from './users.service.ts';

export function createAccountSettingsHook(
  users: Pick<UsersService, 'readAccount' | 'changeUsername'>,
): SettingsHook {
  return {
    category: 'account',
    read: (userId) => users.readAccount(userId),
    async apply(userId, changes) {
      const { email, username, ...rest } = changes;
      if (email !== undefined) {
        const current = await users.readAccount(userId);
        // Sending back the e-mail it already has (a whole category saved at once) changes nothing.
        if (email.trim().toLowerCase() !== current.email) {
          throw new AppError(
            'bad-request',
            SERVER_MESSAGES.validation('account.email', PROFILE_MESSAGES.emailNotChangeable),
          );
        }
      }
      if (username !== undefined) await users.changeUsername(userId, username, 'account');
      return rest;
    },
  };
}

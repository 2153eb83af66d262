// The settings field two-factor sign-in owns (decision 0070): `account.twoFactorAuth` reads as on only when a
// confirmed authenticator exists, and is never changed through PATCH /settings/account: turning it on needs the
// setup's first code and turning it off the password and a code (decision 0075).
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import { TWO_FACTOR_MESSAGES } from '../../shared/two-factor-messages.ts';
import { AppError } from '../errors.ts';
import type { SettingsHook } from '../modules/settings/settings.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

export function createTwoFactorSettingsHook(twoFactor: Pick<TwoFactorService, 'isOn'>): SettingsHook {
  return {
    category: 'account',
    read: async (userId) => ({ twoFactorAuth: await twoFactor.isOn(userId) }),
    apply: async (_userId, changes) => {
      if ('twoFactorAuth' in changes) {
        throw new AppError(
          'bad-request',
          SERVER_MESSAGES.validation('account.twoFactorAuth', TWO_FACTOR_MESSAGES.useSetup),
        );
      }
      return changes;
    },
  };
}

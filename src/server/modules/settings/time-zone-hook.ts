// The appearance category's time zone (decision 0079): it lives on the user row alone, where the analytics roll-ups
// and the dashboard's reads cut the seller's days in SQL. `read` answers it from there; `apply` writes it there
// (refusing a zone PostgreSQL does not know, with nothing stored) and takes it out of what the settings service
// stores, so no second copy exists that could disagree with the first (as the privacy hook does, decision 0071).
import type { AppSettings } from '../../../shared/contracts/settings.ts';
import { SERVER_MESSAGES, SETTINGS_MESSAGES } from '../../../shared/server-messages.ts';
import { AppError } from '../../errors.ts';
import type { SettingsHook } from './settings.service.ts';
import type { TimeZoneRepository } from './time-zone.repository.ts';

type Appearance = AppSettings['appearance'];

export function createTimeZoneHook(deps: { timeZones: TimeZoneRepository }): SettingsHook {
  return {
    category: 'appearance',

    async read(userId: string): Promise<Partial<Appearance>> {
      const timezone = await deps.timeZones.read(userId);
      return timezone === undefined ? {} : { timezone };
    },

    async apply(userId: string, changes: Partial<Appearance>): Promise<Partial<Appearance>> {
      const { timezone, ...rest } = changes;
      if (timezone === undefined) return rest;
      // The contract checked the name with Intl; the days are cut by PostgreSQL, which must know it too.
      const stored = await deps.timeZones.update(userId, timezone);
      if (stored === undefined) {
        throw new AppError(
          'bad-request',
          SERVER_MESSAGES.validation('appearance.timezone', SETTINGS_MESSAGES.unknownTimeZone),
        );
      }
      return rest;
    },
  };
}

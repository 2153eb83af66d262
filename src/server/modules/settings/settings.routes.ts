// Settings API of spec §7: GET /api/v1/settings (the spec's defaults under what the user changed) and
// PATCH /api/v1/settings/{category} with the changed fields; /users/settings and /users/preferences hold
// free-form objects. All of it belongs to the signed-in user only.
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppSettingsSchema,
  DEFAULT_SETTINGS,
  FreeFormSettingsSchema,
  getSettingsPatchSchema,
  SettingsCategorySchema,
  SettingsResponseSchema,
  type AppSettings,
} from '../../../shared/contracts/settings.ts';
import { SETTINGS_OBJECT_MAX_BYTES } from '../../../shared/constants.ts';
import { SERVER_MESSAGES, SETTINGS_MESSAGES } from '../../../shared/messages.ts';
import { AppError } from '../../errors.ts';
import type { SettingsColumn, SettingsRepository } from './settings.repository.ts';

export interface SettingsRoutesOptions {
  settings: SettingsRepository;
  requireUser: preHandlerAsyncHookHandler;
}

/** How each stored object is named to the user. */
const OBJECT_NAMES: Record<SettingsColumn, string> = {
  app_settings: 'app settings',
  profile_settings: 'profile settings',
  preferences: 'preferences',
};

/** Merges changes into one stored object; one that would outgrow its cap answers 413 and nothing is written. */
async function mergeWithinCap(
  settings: SettingsRepository,
  userId: string,
  column: SettingsColumn,
  changes: Record<string, unknown>,
): Promise<void> {
  const result = await settings.merge(userId, column, changes, SETTINGS_OBJECT_MAX_BYTES);
  if (!result.written) {
    throw new AppError(
      'payload-too-large',
      SETTINGS_MESSAGES.tooLarge(OBJECT_NAMES[column], SETTINGS_OBJECT_MAX_BYTES / 1024),
    );
  }
}

/** Defaults, overlaid with what is stored; anything stored that no longer fits the schema falls back. */
function withDefaults(stored: Record<string, unknown>): AppSettings {
  const merged = Object.fromEntries(
    Object.entries(DEFAULT_SETTINGS).map(([category, defaults]) => [
      category,
      { ...defaults, ...((stored[category] as object | undefined) ?? {}) },
    ]),
  );
  const parsed = AppSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (
  app,
  { settings, requireUser },
) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/api/v1/settings',
    { schema: { tags: ['settings'], response: { 200: SettingsResponseSchema } } },
    async (request) => ({
      success: true as const,
      settings: withDefaults(await settings.read(request.userId!, 'app_settings')),
    }),
  );

  app.patch(
    '/api/v1/settings/:category',
    {
      schema: {
        tags: ['settings'],
        params: z.object({ category: SettingsCategorySchema }),
        body: z.record(z.string(), z.unknown()),
        response: { 200: SettingsResponseSchema },
      },
    },
    async (request) => {
      const { category } = request.params;
      const parsed = getSettingsPatchSchema(category).safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.join('.');
        throw new AppError('bad-request', SERVER_MESSAGES.validation(`${category}.${field}`, issue.message));
      }
      const stored = await settings.read(request.userId!, 'app_settings');
      const current = (stored[category] as Record<string, unknown> | undefined) ?? {};
      await mergeWithinCap(settings, request.userId!, 'app_settings', {
        [category]: { ...current, ...parsed.data },
      });
      return {
        success: true as const,
        settings: withDefaults(await settings.read(request.userId!, 'app_settings')),
      };
    },
  );

  const freeForm: [string, SettingsColumn][] = [
    ['/api/v1/users/settings', 'profile_settings'],
    ['/api/v1/users/preferences', 'preferences'],
  ];
  for (const [url, column] of freeForm) {
    {
      app.get(url, { schema: { tags: ['settings'] } }, async (request) => ({
        success: true as const,
        data: await settings.read(request.userId!, column),
      }));
      app.patch(url, { schema: { tags: ['settings'], body: FreeFormSettingsSchema } }, async (request) => {
        await mergeWithinCap(settings, request.userId!, column, request.body);
        return { success: true as const, data: await settings.read(request.userId!, column) };
      });
    }
  }
};

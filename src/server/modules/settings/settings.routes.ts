// Settings API of docs/product.md "Settings calls": GET /api/v1/settings (the defaults of
// docs/product.md "App settings" under what the user changed) and PATCH /api/v1/settings/{category} with the changed
// fields; /users/settings and /users/preferences hold free-form objects (docs/product.md "Users"). All of it belongs
// to the signed-in user only.
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FreeFormSettingsSchema,
  SettingsCategorySchema,
  SettingsResponseSchema,
} from '../../../shared/contracts/settings.ts';
import { requireUserOnEveryRoute } from '../../http/route-access.ts';
import type { FreeFormSettingsColumn, SettingsService } from './settings.service.ts';

export interface SettingsRoutesOptions {
  settings: SettingsService;
  requireUser: preHandlerAsyncHookHandler;
}

export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (
  app,
  { settings, requireUser },
) => {
  requireUserOnEveryRoute(app, requireUser);

  app.get(
    '/api/v1/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Read the app settings (defaults under what the user changed)',
        response: { 200: SettingsResponseSchema },
      },
    },
    async (request) => ({ success: true as const, settings: await settings.getAppSettings(request.userId!) }),
  );

  app.patch(
    '/api/v1/settings/:category',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change some fields of one settings category',
        errors: [404, 409],
        params: z.object({ category: SettingsCategorySchema }),
        body: z.record(z.string(), z.unknown()),
        response: { 200: SettingsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      settings: await settings.updateAppSettings(request.userId!, request.params.category, request.body),
    }),
  );

  const freeForm: [string, FreeFormSettingsColumn, string][] = [
    ['/api/v1/users/settings', 'profile_settings', 'profile settings'],
    ['/api/v1/users/preferences', 'preferences', 'preferences'],
  ];
  for (const [url, column, name] of freeForm) {
    {
      app.get(
        url,
        { schema: { tags: ['settings'], summary: `Read the free-form ${name}` } },
        async (request) => ({
          success: true as const,
          data: await settings.getFreeForm(request.userId!, column),
        }),
      );
      const schema = {
        tags: ['settings'],
        summary: `Merge fields into the free-form ${name}`,
        body: FreeFormSettingsSchema,
      };
      app.patch(url, { schema }, async (request) => {
        return {
          success: true as const,
          data: await settings.updateFreeForm(request.userId!, column, request.body),
        };
      });
    }
  }
};

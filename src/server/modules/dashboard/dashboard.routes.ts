// The seller's dashboard over HTTP (docs/product.md "Dashboard"; decision 0065): the signed-in user's own lists and
// counts, their figures over a period, and the creator view. Every route is the caller's own data only: there is no
// user id to name, so nobody reads another's dashboard.
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DashboardQuerySchema,
  DashboardResponseSchema,
  DashboardStatsQuerySchema,
  DashboardStatsResponseSchema,
  ShopstarResponseSchema,
} from '../../../shared/contracts/dashboard.ts';
import { readUserId } from '../../http/signed-in-user.ts';
import type { DashboardStatsService } from './dashboard-stats.service.ts';
import type { DashboardService } from './dashboard.service.ts';

export interface DashboardRoutesOptions {
  dashboard: DashboardService;
  stats: DashboardStatsService;
  requireUser: preHandlerAsyncHookHandler;
}

export const dashboardRoutes: FastifyPluginAsyncZod<DashboardRoutesOptions> = async (
  app,
  { dashboard, stats, requireUser },
) => {
  app.get(
    '/api/v1/dashboard',
    {
      onRequest: requireUser,
      schema: {
        tags: ['dashboard'],
        summary: 'Read the seller’s dashboard: counts and a page of one section',
        querystring: DashboardQuerySchema,
        response: { 200: DashboardResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await dashboard.get(readUserId(request), request.query)),
    }),
  );

  app.get(
    '/api/v1/dashboard/stats',
    {
      onRequest: requireUser,
      schema: {
        tags: ['dashboard'],
        summary: 'Read the seller’s statistics over a period',
        querystring: DashboardStatsQuerySchema,
        response: { 200: DashboardStatsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await stats.get(readUserId(request), request.query.period)),
    }),
  );

  app.get(
    '/api/v1/dashboard/shopstar',
    {
      onRequest: requireUser,
      // No fields: an unknown one is refused by name, as on the other two routes.
      schema: {
        tags: ['dashboard'],
        summary: 'Read the seller’s Shopstar status and what it takes',
        querystring: z.strictObject({}),
        response: { 200: ShopstarResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await dashboard.getShopstar(readUserId(request))),
    }),
  );
};

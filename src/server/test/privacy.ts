// Tests set a user's whoCanSeeMyContent the way the app does, through PATCH /api/v1/settings/privacy (decision 0071).
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Audience } from '../../shared/domain/privacy.ts';

export async function setContentAudience(
  app: FastifyInstance,
  token: string,
  audience: Audience,
): Promise<void> {
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/v1/settings/privacy',
    headers: { authorization: `Bearer ${token}` },
    payload: { whoCanSeeMyContent: audience },
  });
  expect(response.statusCode, response.body).toBe(200);
}

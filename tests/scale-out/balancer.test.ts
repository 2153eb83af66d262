// The balancer in front of the two instances (decision 0084): it spreads requests over both and serves the built
// client's pages from them.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createClient, createRunAddress } from './support/client.ts';

describe('the balancer', () => {
  it('spreads requests over both instances', async () => {
    const call = createClient(createRunAddress());
    const answered = new Set<string>();
    for (let request = 0; request < 6; request += 1) {
      const answer = await call('balancer', '/api/v1/auth/providers');
      expect(answer.status).toBe(200);
      answered.add(answer.headers.get('x-upstream') ?? 'none');
    }
    const instances = inject('scaleOut').instanceUrls.map((url) => new URL(url).host);
    expect([...answered].sort()).toEqual(instances.sort());
  });

  it("serves the built client's pages", async () => {
    const call = createClient(createRunAddress());
    const page = await call('balancer', '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root"');
  });
});

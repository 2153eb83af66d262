// The security headers helmet writes, to the letter: the short set every answer carries, HSTS in production only,
// and the document policy of the pages with their inline scripts' hashes and the media origins.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildBaseSecurityHeaders, buildDocumentSecurityHeaders } from './security.ts';

const development = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused' });
const production = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: '/tmp/unused',
  PUBLIC_URL: 'https://lootklip.example',
  MEDIA_PUBLIC_URL: 'https://media.lootklip.example/files',
});

describe('security headers', () => {
  it('sends every answer the short strict set, and HSTS only in production', () => {
    const base = {
      'content-security-policy':
        "default-src 'none';object-src 'none';base-uri 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    };
    expect(buildBaseSecurityHeaders(development)).toEqual(base);
    expect(buildBaseSecurityHeaders(production)).toEqual({
      ...base,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
  });

  it("gives pages the document policy: our origin, the inline scripts' hashes, the media origin", () => {
    const headers = buildDocumentSecurityHeaders(production, ['sha256-abc=']);
    expect(headers['content-security-policy']!.split(';')).toEqual([
      "default-src 'self'",
      "script-src 'self' 'sha256-abc='",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https://media.lootklip.example",
      "media-src 'self' blob: https://media.lootklip.example",
      "font-src 'self' data:",
      "connect-src 'self' https://media.lootklip.example",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      'upgrade-insecure-requests',
    ]);
    expect(headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-site',
      'origin-agent-cluster': '?1',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
    });
    expect(Object.keys(headers)).toHaveLength(6);
  });

  it('leaves upgrade-insecure-requests and media origins out where there are none', () => {
    const csp = buildDocumentSecurityHeaders(development)['content-security-policy']!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

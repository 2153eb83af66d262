import { describe, expect, it } from 'vitest';
import { redactSecretQueryValues } from './redact-url.ts';

describe('redactSecretQueryValues', () => {
  it.each([
    ['/auth/reset-password?token=abc', '/auth/reset-password?token=[redacted]'],
    ['/cb?code=1&state=2&next=%2Fshop', '/cb?code=[redacted]&state=[redacted]&next=%2Fshop'],
    ['/x?refresh_token=a;id_token=b', '/x?refresh_token=[redacted];id_token=[redacted]'],
    ['/x?X-Amz-Signature=a&X-Amz-Credential=b', '/x?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]'],
    [
      '/x?client_secret=a&password=b&apiKey=c',
      '/x?client_secret=[redacted]&password=[redacted]&apiKey=[redacted]',
    ],
    ['/x?%74oken=a&to%6ben=b', '/x?%74oken=[redacted]&to%6ben=[redacted]'],
    ['/x?token=a&token=b', '/x?token=[redacted]&token=[redacted]'],
    ['/x?token', '/x?token'],
    ['/x?%E0%A4%A=1&token=2', '/x?%E0%A4%A=1&token=[redacted]'],
    ['/shop?q=token&page=2', '/shop?q=token&page=2'],
    ['/shop', '/shop'],
  ])('%s -> %s', (url, expected) => {
    expect(redactSecretQueryValues(url)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { requestKey } from './request-key.ts';

describe('requestKey', () => {
  it('is the path alone when there is no query', () => {
    expect(requestKey('/api/v1/content', new URLSearchParams())).toBe('/api/v1/content');
  });

  it('finds the same request whatever the order of its query', () => {
    const preloaded = requestKey('/api/v1/content', new URLSearchParams('type=klip&status=active&limit=12'));
    const asked = requestKey('/api/v1/content', new URLSearchParams('limit=12&type=klip&status=active'));
    expect(asked).toBe(preloaded);
    expect(asked).toBe('/api/v1/content?limit=12&status=active&type=klip');
  });

  it('tells apart requests that differ in a value, a name or the path', () => {
    const key = requestKey('/api/v1/content', new URLSearchParams('type=klip'));
    expect(requestKey('/api/v1/content', new URLSearchParams('type=product'))).not.toBe(key);
    expect(requestKey('/api/v1/content', new URLSearchParams('kind=klip'))).not.toBe(key);
    expect(requestKey('/api/v1/users', new URLSearchParams('type=klip'))).not.toBe(key);
  });

  it('keeps repeated names in their order and encodes values as a URL does', () => {
    expect(
      requestKey(
        '/p',
        new URLSearchParams([
          ['tag', 'b'],
          ['a', '1'],
          ['tag', 'a'],
        ]),
      ),
    ).toBe('/p?a=1&tag=b&tag=a');
    expect(requestKey('/p', new URLSearchParams({ search: 'red shoes & bags' }))).toBe(
      '/p?search=red+shoes+%26+bags',
    );
  });

  it('leaves the query it was given as it was', () => {
    const search = new URLSearchParams('b=2&a=1');
    requestKey('/p', search);
    expect(search.toString()).toBe('b=2&a=1');
  });
});

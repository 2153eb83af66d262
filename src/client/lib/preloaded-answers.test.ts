import { beforeAll, describe, expect, it } from 'vitest';
import { PRELOADED_ANSWERS_ELEMENT_ID } from '../../shared/constants.ts';
import { takePreloadedAnswer } from './preloaded-answers.ts';

const list = { success: true, items: [{ id: 'p1' }], hasMore: false };
const product = { success: true, product: { id: 'p1', name: 'Phone </script>' } };

beforeAll(() => {
  // As the server writes it (src/server/http/page-preloads.ts): keys with sorted queries, `<` escaped.
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PRELOADED_ANSWERS_ELEMENT_ID;
  script.textContent = JSON.stringify({
    '/api/v1/content?limit=12&status=active&type=product': list,
    '/api/v1/products/p1': product,
  }).replaceAll('<', '\\u003c');
  document.head.append(script);
});

const sameOrigin = (path: string) => new URL(path, window.location.origin);

describe('preloaded answers', () => {
  it('gives the answer for the same request, whatever the order of its query, once', () => {
    const url = sameOrigin('/api/v1/content?type=product&status=active&limit=12');
    expect(takePreloadedAnswer(url)).toEqual(list);
    expect(takePreloadedAnswer(url)).toBeUndefined();
  });

  it('gives nothing for another request or another origin', () => {
    expect(
      takePreloadedAnswer(sameOrigin('/api/v1/content?type=product&status=active&limit=24')),
    ).toBeUndefined();
    expect(takePreloadedAnswer(new URL('https://elsewhere.example/api/v1/products/p1'))).toBeUndefined();
    expect(takePreloadedAnswer(sameOrigin('/api/v1/products/p1'))).toEqual(product);
  });
});

// How an API answer sent along with a page (src/server/http/page-preloads.ts) is found again by the client's
// request for it (src/client/lib/preloaded-answers.ts): the same path and query, in whatever order.
export function requestKey(pathname: string, search: URLSearchParams): string {
  const sorted = new URLSearchParams(search);
  sorted.sort();
  const query = sorted.toString();
  return query ? `${pathname}?${query}` : pathname;
}

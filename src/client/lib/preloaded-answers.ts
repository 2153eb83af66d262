// API answers the server sent along with the page (src/server/http/page-preloads.ts), each given once to the
// first request for it; later requests for the same thing go to the network as usual.
import { PRELOADED_ANSWERS_ELEMENT_ID } from '../../shared/constants.ts';
import { requestKey } from '../../shared/domain/request-key.ts';

let answers: Map<string, unknown> | undefined;

function readAnswers(): Map<string, unknown> {
  const element =
    typeof document === 'undefined' ? null : document.getElementById(PRELOADED_ANSWERS_ELEMENT_ID);
  if (!element?.textContent) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(element.textContent) as Record<string, unknown>));
  } catch {
    return new Map();
  }
}

/** The answer the page came with for this GET of our own API, once; undefined when there is none (left). */
export function takePreloadedAnswer(url: URL): unknown {
  answers ??= readAnswers();
  if (answers.size === 0 || url.origin !== window.location.origin) return undefined;
  const key = requestKey(url.pathname, url.searchParams);
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}

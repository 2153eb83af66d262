// Hides the values of query parameters that carry a credential before a URL reaches a log line: a password-reset
// link's `token` takes the account over, an OpenID Connect callback's `code` (with its `state`) signs someone in.
// Decision 0049; decision 0045 says a reset link must never reach a log.

export const REDACTED = '[redacted]';

/** Parameter names whose values are credentials, compared in lower case after percent-decoding. */
const SECRET_NAMES = new Set(['code', 'state', 'key', 'sig', 'otp', 'jwt', 'auth', 'authorization']);
/** Any name that says it holds a secret: access_token, refresh_token, id_token, client_secret, X-Amz-Signature... */
const SECRET_NAME_PART = /token|secret|passw|signature|credential|api[-_]?key|session/;

export function isSecretQueryName(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A broken escape: judge the name as written.
  }
  const lower = decoded.trim().toLowerCase();
  return SECRET_NAMES.has(lower) || SECRET_NAME_PART.test(lower);
}

/** The URL as requested, with the value of every secret query parameter replaced by `[redacted]`. */
export function redactSecretQueryValues(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url.slice(queryStart + 1);
  // Split on both separators, keeping them, so the rest of the URL is logged exactly as it came.
  const parts = query.split(/([&;])/);
  const redacted = parts.map((part, index) => {
    if (index % 2 === 1) return part;
    const equals = part.indexOf('=');
    const name = equals === -1 ? part : part.slice(0, equals);
    if (equals === -1 || !isSecretQueryName(name)) return part;
    return `${name}=${REDACTED}`;
  });
  return `${url.slice(0, queryStart + 1)}${redacted.join('')}`;
}

// "Return to where I was" after sign-in accepts only same-origin paths (docs/architecture.md "Security").
// Anything that a browser could read as another origin (//host, /\host, scheme:..., control characters that URL
// parsing strips, dot segments that collapse into //host, or any of those hidden behind percent-encoding) falls
// back to the home page.

const FALLBACK = '/';
const PROBE_ORIGIN = 'https://return-path.invalid';
const MAX_DECODE_ROUNDS = 5;

// Backslashes are read as slashes by URL parsers; tabs, newlines and other control characters are removed by
// them, so "/\t/evil.com" would turn into "//evil.com". (A plain space is kept by parsers and is harmless.)
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\\\u0000-\u001f\u007f]/;

function isPlainPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !UNSAFE_CHARACTERS.test(value);
}

function listDecodings(value: string): string[] | null {
  const forms = [value];
  let current = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null; // malformed escapes are not a path we produced
    }
    if (decoded === current) return forms;
    forms.push(decoded);
    current = decoded;
  }
  return null; // still changing after several rounds: deliberately obfuscated
}

/** Returns `raw` as a same-origin path (pathname, search, hash), or "/" when it is missing or unsafe. */
export function getSafeReturnPath(raw: string | null | undefined): string {
  if (!raw) return FALLBACK;
  const forms = listDecodings(raw);
  if (!forms || !forms.every(isPlainPath)) return FALLBACK;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return FALLBACK;
  }
  if (url.origin !== PROBE_ORIGIN) return FALLBACK;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments collapse ("/.//evil.com" is "//evil.com" once parsed): the parsed path must pass the same
  // checks. Parsing a parsed path changes nothing, so this ends after one more round.
  return path === raw ? path : getSafeReturnPath(path);
}

// The page's CSP has no 'unsafe-eval', so zod must not try `new Function`: it would only log a violation and fall
// back. zod keeps its settings on `globalThis.__zod_globalConfig` and reads them when it builds an object schema, so
// main.tsx sets them here first, without importing zod: zod stays out of the entry chunk and arrives with the first
// route that builds a schema (decision 0060).
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};

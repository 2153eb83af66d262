// Security headers (docs/architecture.md "Security"), computed once at start. Every response gets a short strict set;
// HTML pages get the full document policy. Authenticated answers are marked no-store by the auth guards
// (src/server/auth).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../shared/messages.ts';
import type { Config } from '../config.ts';

function listMediaOrigins(config: Config): string[] {
  const origins = [config.MEDIA_PUBLIC_URL, config.S3_ENDPOINT].filter((url): url is string => Boolean(url));
  return origins.map((url) => new URL(url).origin);
}

/**
 * The document policy. Scripts come from our origin, plus the page's own inline scripts named by their hashes
 * (`sha256-...`): the first-paint theme script, which the build puts inside the page (vite.config.ts).
 */
export function buildContentSecurityPolicy(config: Config, inlineScriptHashes: string[] = []): string {
  const media = listMediaOrigins(config).join(' ');
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${media}`,
    `media-src 'self' blob: ${media}`,
    "font-src 'self' data:",
    `connect-src 'self' ${media}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ...(config.isProduction ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.map((directive) => directive.trim()).join('; ');
}

/** Headers every response carries: JSON, media and pages alike. Kept short; they are sent millions of times. */
export function buildBaseSecurityHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy':
      "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(config.isProduction ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Headers for HTML documents (the app's pages), which run scripts and so need the full policy. */
export function buildDocumentSecurityHeaders(
  config: Config,
  inlineScriptHashes: string[] = [],
): Record<string, string> {
  return {
    'content-security-policy': buildContentSecurityPolicy(config, inlineScriptHashes),
    // The OpenID popup reports back with postMessage; a strict opener policy would cut that link.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-site',
    'origin-agent-cluster': '?1',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
  };
}

export function registerSecurity(app: FastifyInstance, config: Config): void {
  const headers = buildBaseSecurityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    // RFC 9112 3.2: an HTTP/1.1 request without Host is a 400. Node would write that answer itself, bare; the
    // server leaves it to us (requireHostHeader: false in app.ts), so it has our shape and these headers.
    if (isMissingHost(request)) {
      return reply
        .code(400)
        .header('connection', 'close')
        .send({ success: false, message: SERVER_MESSAGES.missingHost, code: 'bad-request' });
    }
    done();
  });
}

function isMissingHost(request: FastifyRequest): boolean {
  const { raw } = request;
  return raw.headers.host === undefined && raw.httpVersionMajor === 1 && raw.httpVersionMinor === 1;
}

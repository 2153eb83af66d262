// Security headers (docs/architecture.md "Security") on helmet, options computed once at start (decision 0059).
// Every response gets a short strict set from one onRequest hook; HTML pages get the full document policy on top.
// Answers written before any hook runs (the router's and Node's early errors) take the same headers as a record.
// Authenticated answers are marked no-store by the auth guards (src/server/auth).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import type { Config } from '../config.ts';

/**
 * Every header helmet knows, off: each set below turns on only what it means to send. The sets are plain `as const`
 * objects, which fit HelmetOptions.
 */
const NONE = {
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xContentTypeOptions: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
} as const;

function listMediaOrigins(config: Config): string[] {
  const origins = [config.MEDIA_PUBLIC_URL, config.S3_ENDPOINT].filter((url): url is string => Boolean(url));
  return origins.map((url) => new URL(url).origin);
}

/** Headers every response carries: JSON, media and pages alike. Kept short; they are sent millions of times. */
export function buildBaseHelmetOptions(config: Config) {
  return {
    ...NONE,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  } as const;
}

/**
 * Headers for HTML documents (the app's pages), which run scripts and so need the full policy. Scripts come from
 * our origin, plus the page's own inline scripts named by their hashes (`sha256-...`): the first-paint theme
 * script, which the build puts inside the page (vite.config.ts).
 */
export function buildDocumentHelmetOptions(config: Config, inlineScriptHashes: string[] = []) {
  const media = listMediaOrigins(config);
  return {
    ...NONE,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...media],
        mediaSrc: ["'self'", 'blob:', ...media],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...media],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    // The OpenID popup reports back with postMessage; a strict opener policy would cut that link.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    originAgentCluster: true,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
  } as const;
}

/** The headers helmet writes for these options, as a record (lower-case names), for answers no hook reaches. */
export function toSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

export function buildBaseSecurityHeaders(config: Config): Record<string, string> {
  return toSecurityHeaders(buildBaseHelmetOptions(config));
}

export function buildDocumentSecurityHeaders(
  config: Config,
  inlineScriptHashes: string[] = [],
): Record<string, string> {
  return toSecurityHeaders(buildDocumentHelmetOptions(config, inlineScriptHashes));
}

/**
 * Every response gets the base headers, which helmet wrote once at start: @fastify/helmet would build helmet's
 * middleware again on every request (decision 0059).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const baseHeaders = buildBaseSecurityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(baseHeaders);
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

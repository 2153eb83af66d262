// What the API document says of each operation beyond its schemas (decision 0083), derived in one place: a stable
// operationId from method and path, tags, the security its guard really asks for (route-access.ts), and the error
// answers it can give, each referring to the one Error component. Routes add only their summary and the errors
// their own code answers (`errors`: 403, 404, 409, 422, a 401 without a guard).
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { REFRESH_COOKIE_NAME } from '../../shared/contracts/auth.ts';
import { ErrorResponseSchema } from '../../shared/contracts/error.ts';
import type { ERROR_STATUS } from '../errors.ts';
import { apiSchemas, ERROR_COMPONENT } from './openapi-components.ts';
import { readRouteAccess } from './route-access.ts';

type ErrorStatus = (typeof ERROR_STATUS)[keyof typeof ERROR_STATUS] | 507;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Error statuses the route's own code answers beyond those derived from the route (decision 0083): 403, 404,
     * 409, 422, or a 401 without a guard. One the document cannot describe fails its generation.
     */
    errors?: readonly number[];
  }
}

/** What each error status means, the same for every operation. */
const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The request does not fit: a field, the query, the path or the JSON (`message` names the field).',
  401: 'Not signed in where that is needed, or the token or credentials are not valid.',
  403: 'Not allowed: the item is not the caller’s, or the request came from another site.',
  404: 'What the path or body names does not exist, or is not the caller’s to see.',
  409: 'Refused by the current state: a name already taken, a change already made or out of date.',
  413: 'The body (or one of its files) is larger than this operation takes.',
  415: 'The body’s content type (or a file’s type) is not one this operation reads.',
  416: 'The range asked for is outside the file.',
  422: 'Understood but refused as it stands (an Idempotency-Key sent before with another body).',
  429: 'Too many requests from this address; `Retry-After` says when to try again.',
  500: 'An unexpected failure; the body carries no details.',
  503: 'Busy, shutting down or without its database; `Retry-After` says when to try again.',
  507: 'The server’s disk is full: writes are refused until space comes back (`Retry-After`).',
};

/** Descriptions of the tags the routes use, for the document's top-level tag list. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  account: 'The signed-in user’s own account: deleting it.',
  analytics: 'Events the app reports (views, clicks, shares).',
  auth: 'Sign-up, sign-in, sessions, passwords and two-factor sign-in.',
  content: 'One list and one create for every kind of content: products, offers, klips, categories.',
  dashboard: 'A seller’s dashboard: counts, statistics and Shopstar status.',
  health: 'Liveness and readiness for load balancers and orchestrators.',
  interactions: 'Views, likes and comments on klips, and generic interactions.',
  klips: 'Shoppable short videos.',
  'link-preview': 'The title, description and icons of a web page a link points to.',
  lootbox: 'The shopper’s Loot Box (cart) and its history.',
  media: 'Image and video uploads.',
  notifications: 'The signed-in user’s notifications and their live stream.',
  offers: 'A seller’s offers on their products.',
  products: 'Products: the detail, edits, ratings and a shared Loot Box’s products.',
  search: 'Search over products, klips, offers and Shopstars.',
  settings: 'The signed-in user’s settings.',
  users: 'Profiles, usernames and a creator’s content.',
};

/** How a caller proves who it is; routes name them in `security`, derived from their guard. */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The ID token a sign-up, sign-in or refresh answers (`data.idToken`).',
  },
  refreshCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: REFRESH_COOKIE_NAME,
    description: 'The HttpOnly refresh cookie the identity routes set; only refresh and sign-out read it.',
  },
} as const;

const isErrorStatus = (status: number): status is ErrorStatus => Object.hasOwn(ERROR_DESCRIPTIONS, status);

const ERROR_EXTENSION = 'x-error-statuses';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `GET /api/v1/products/:id/rating` -> `getProductsByIdRating`: the same for a route wherever it is declared. */
export function deriveOperationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v\d+\//, '/')
    .split(/[/.]+/)
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', ...segment.slice(1).split(/[-_]/)] : segment.split(/[-_]/),
    );
  const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return method.toLowerCase() + words.map(capitalize).join('');
}

/** The error statuses an operation can answer: derived from the route, plus its own `errors`. */
function collectErrorStatuses(route: RouteOptions, schema: FastifySchema, access: string): ErrorStatus[] {
  const method = String(route.method);
  const statuses = new Set<ErrorStatus>([500, 503]);
  for (const status of schema.errors ?? []) {
    if (!isErrorStatus(status))
      throw new Error(`${method} ${route.url}: no description of error status ${status}`);
    statuses.add(status);
  }
  const takesBody = BODY_METHODS.has(method) || schema.body !== undefined;
  if (takesBody || schema.querystring || schema.params || schema.headers) statuses.add(400);
  if (access !== 'public') statuses.add(401);
  if (takesBody) {
    statuses.add(413);
    statuses.add(415);
  }
  const isApi = route.url.startsWith('/api/');
  // The global per-address budget covers every API route that does not opt out (rate-limit.ts).
  if (isApi && route.config?.rateLimit !== false) statuses.add(429);
  // API writes on a full disk (storage-full.ts).
  if (isApi && !READ_METHODS.has(method)) statuses.add(507);
  return [...statuses].sort((a, b) => a - b);
}

/** The route's 4xx and 5xx answers declared as the app's error shape: documented by the Error component instead. */
function takeErrorResponses(response: unknown): { response: unknown; statuses: number[] } {
  if (!response || typeof response !== 'object') return { response, statuses: [] };
  const kept: Record<string, unknown> = {};
  const statuses: number[] = [];
  for (const [status, schema] of Object.entries(response)) {
    if (Number(status) >= 400 && schema === ErrorResponseSchema) statuses.push(Number(status));
    else kept[status] = schema;
  }
  return { response: kept, statuses };
}

type JsonSchema = {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  [keyword: string]: unknown;
};

/**
 * A query that is one of several objects (GET /api/v1/content's, told apart by `type`) as one object of every
 * field: @fastify/swagger would keep only the last alternative's of each. A field the alternatives describe
 * alike stays as it is, one they describe each with its own values takes all of them (`type`: product, offer, ...),
 * otherwise any of their schemas; it is required only when every alternative requires it.
 */
export function mergeQueryAlternatives(schema: JsonSchema): JsonSchema {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (!alternatives?.every((alternative) => alternative.properties)) return schema;
  const fields = new Map<string, JsonSchema[]>();
  for (const alternative of alternatives) {
    for (const [name, field] of Object.entries(alternative.properties ?? {})) {
      fields.set(name, [...(fields.get(name) ?? []), field]);
    }
  }
  const properties: Record<string, JsonSchema> = {};
  for (const [name, variants] of fields) {
    const distinct = [...new Map(variants.map((variant) => [JSON.stringify(variant), variant])).values()];
    const valuesOf = (variant: JsonSchema) =>
      variant.enum ?? ('const' in variant ? [variant.const] : undefined);
    const enums = distinct.every((variant) => valuesOf(variant) && variant.type === distinct[0]?.type);
    const { const: _const, ...first } = distinct[0] ?? {};
    properties[name] =
      distinct.length === 1
        ? distinct[0]!
        : enums
          ? { ...first, enum: distinct.flatMap((variant) => valuesOf(variant) ?? []) }
          : { anyOf: distinct };
  }
  const required = [...fields.keys()].filter((name) =>
    alternatives.every((alternative) => alternative.required?.includes(name)),
  );
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

const zodTransform = createJsonSchemaTransform({ schemaRegistry: apiSchemas });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: apiSchemas });

/** @fastify/swagger's per-route transform: the zod schemas as JSON Schema, and what this module derives. */
export const transformOperation: SwaggerTransform = (document) => {
  const { route } = document;
  const schema: FastifySchema = document.schema ?? {};
  if (schema.hide) return zodTransform(document);
  // One operationId per operation: a route of several methods would give them all the same one.
  if (Array.isArray(route.method)) throw new Error(`${route.url}: declare one route per method, or hide it`);
  const { errors, ...rest } = schema;
  const declared = takeErrorResponses(rest.response);
  const transformed = zodTransform({ ...document, schema: { ...rest, response: declared.response } });
  const access = readRouteAccess(route);
  const security =
    schema.security ??
    (access === 'user' ? [{ bearerAuth: [] }] : access === 'optional-user' ? [{}, { bearerAuth: [] }] : []);
  const firstSegment = route.url.replace(/^\/api\/v\d+\//, '/').split('/')[1] ?? '';
  const described: FastifySchema & Record<string, unknown> = {
    ...transformed.schema,
    ...(transformed.schema.querystring
      ? { querystring: mergeQueryAlternatives(transformed.schema.querystring as JsonSchema) }
      : {}),
    operationId: schema.operationId ?? deriveOperationId(String(route.method), route.url),
    tags: schema.tags ?? [firstSegment],
    security,
  };
  // An extension @fastify/swagger copies onto the operation, where transformDocument turns it into responses.
  described[ERROR_EXTENSION] = collectErrorStatuses(
    route,
    { ...schema, errors: [...(errors ?? []), ...declared.statuses] },
    access,
  );
  return { url: transformed.url, schema: described };
};

type JsonObject = Record<string, unknown>;
type Operation = JsonObject & { operationId?: string; tags?: string[]; responses?: JsonObject };

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The names of the components a value refers to. */
function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
        into.add(child.slice('#/components/schemas/'.length));
      } else collectRefs(child, into);
    }
  }
}

/**
 * What zod's OpenAPI 3.0 form says in ways 3.0 tools refuse or frown on. A component used as one property is
 * `{allOf: [{$ref}]}`: that becomes the reference itself, unless it may be null, where it keeps the `allOf` (3.0 has
 * no other way to say "this component or null") and takes the component's `type`, which `nullable` needs beside it.
 * A nullable union of plain types (`string | number | null`) has no `type` either: each branch takes the `nullable`.
 */
function fitOpenApi30(value: unknown, schemas: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => fitOpenApi30(item, schemas));
  if (!value || typeof value !== 'object') return value;
  const object = Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, fitOpenApi30(child, schemas)]),
  ) as JsonObject;
  const branches = object.anyOf as JsonObject[] | undefined;
  if (object.nullable === true && !object.type && branches?.every((branch) => branch.type && !branch.$ref)) {
    const { nullable: _nullable, ...rest } = object;
    return { ...rest, anyOf: branches.map((branch) => ({ ...branch, nullable: true })) };
  }
  const only =
    Array.isArray(object.allOf) && object.allOf.length === 1 ? (object.allOf[0] as JsonObject) : null;
  if (typeof only?.$ref !== 'string') return object;
  const { allOf: _allOf, ...rest } = object;
  if (object.nullable !== true) return Object.keys(rest).length === 0 ? only : object;
  const target = schemas[only.$ref.replace('#/components/schemas/', '')] as JsonObject | undefined;
  return object.type || !target?.type ? object : { type: target.type, ...object };
}

/**
 * @fastify/swagger's whole-document transform: the named components, the error answers as references to the Error
 * component, the tags' list, and only the components something refers to (fastify-type-provider-zod generates a
 * request and an answer form of every named shape). A duplicate operationId fails it.
 */
export const transformDocument: SwaggerTransformObject = (documentObject) => {
  const document = structuredClone(zodTransformObject(documentObject)) as unknown as JsonObject & {
    paths: Record<string, Record<string, Operation>>;
    components: JsonObject & { schemas: Record<string, unknown> };
  };
  const operationIds = new Map<string, string>();
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const id = operation.operationId ?? '';
      const other = operationIds.get(id);
      if (other) throw new Error(`operationId ${id} of ${where} is ${other}'s too`);
      operationIds.set(id, where);
      for (const tag of operation.tags ?? []) tags.add(tag);
      const responses = (operation.responses ??= {});
      for (const status of (operation[ERROR_EXTENSION] as ErrorStatus[] | undefined) ?? []) {
        responses[String(status)] ??= {
          description: ERROR_DESCRIPTIONS[status],
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_COMPONENT}` } } },
        };
      }
      delete operation[ERROR_EXTENSION];
    }
  }
  document.paths = fitOpenApi30(document.paths, document.components.schemas) as typeof document.paths;
  document.components.schemas = fitOpenApi30(
    document.components.schemas,
    document.components.schemas,
  ) as typeof document.components.schemas;
  const used = new Set<string>();
  collectRefs(document.paths, used);
  // A Set visits what is added while it is iterated: the components the used ones refer to, and theirs.
  for (const name of used) collectRefs(document.components.schemas[name], used);
  for (const name of Object.keys(document.components.schemas)) {
    if (!used.has(name)) delete document.components.schemas[name];
  }
  document.tags = [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  return document as unknown as ReturnType<SwaggerTransformObject>;
};

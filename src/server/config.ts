// Reads the environment once, validated by zod. Nothing else in the server reads process.env.
import path from 'node:path';
import { z } from 'zod';
import {
  ANALYTICS_EVENTS_RATE_LIMIT_DEFAULT,
  ANALYTICS_REFUSALS_FLUSH_MS_DEFAULT,
  ANALYTICS_RETENTION_DAYS_DEFAULT,
  MEDIA_QUOTA_BYTES_PER_USER,
  SHUTDOWN_DRAIN_MS,
} from '../shared/constants.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  // Embedded database: each commit waits for the disk, so an OS crash or power cut loses no acknowledged write
  // (decision 0032). false: faster writes that survive kill -9 but not a power cut.
  PGLITE_DURABLE_COMMITS: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
  MEDIA_PUBLIC_URL: optionalUrl,
  FFMPEG_PATH: optionalString,
  FFPROBE_PATH: optionalString,
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  // First-party analytics (decision 0064): days raw events are kept (whole monthly partitions are dropped past it),
  // batches one address may send to POST /api/v1/events a minute, and how often refusal counts are written.
  ANALYTICS_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(ANALYTICS_RETENTION_DAYS_DEFAULT),
  ANALYTICS_EVENTS_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(ANALYTICS_EVENTS_RATE_LIMIT_DEFAULT),
  ANALYTICS_REFUSALS_FLUSH_MS: z.coerce.number().int().min(50).default(ANALYTICS_REFUSALS_FLUSH_MS_DEFAULT),
  LIST_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // docs/product.md "Who sees what": the shop's listings for signed-in shoppers only.
  LISTINGS_NEED_SIGN_IN: booleanFlag,
  // Hot bytes of media on local disk, in memory (src/server/storage/chunk-cache.ts).
  MEDIA_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  // Stored media per user; tests set a small one.
  MEDIA_QUOTA_BYTES: z.coerce.number().int().min(0).default(MEDIA_QUOTA_BYTES_PER_USER),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  // A stopping server's lame-duck drain (src/server/http/graceful-close.ts, decision 0055).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(SHUTDOWN_DRAIN_MS),
  // Load shedding (src/server/http/overload.ts, decision 0034): past any of these a request is answered 503 with
  // Retry-After at once. 0 turns a check off. Requests in flight bound the queue in front of the database; the
  // event loop's mean delay (ms) and utilisation (0 to 1) over the last second catch a process that cannot keep up.
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(256),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(500),
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  // Writes answer 507 while DATA_DIR's file system has less free than this (src/server/http/storage-full.ts,
  // decision 0050): embedded Postgres must always be able to create its next 16 MB WAL file. 0 turns it off.
  STORAGE_MIN_FREE_MB: z.coerce.number().int().min(0).default(64),
  JOBS_IN_PROCESS: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
  ),
  SEED_DEMO: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
  ),
  AUTH_SIGNING_KEY: optionalString,
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_LABEL: z.preprocess(emptyToUndefined, z.string().max(40).default('Single sign-on')),
  // Outgoing mail (src/server/mail, decision 0045): password reset links. Without SMTP_URL each mail is written to
  // DATA_DIR/outbox as an .eml file and its link logged, so that the flow works on a fresh clone.
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  /** The From of every mail; defaults to `Lootklip <no-reply@{PUBLIC_URL's host}>`. */
  MAIL_FROM: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The API explorer at /api/docs (decision 0049): on by default outside production, off in production unless
  // this turns it on.
  API_DOCS: z.preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).optional()),
  // auto: short human-readable lines when stdout is a terminal, JSON lines otherwise (decision 0051).
  LOG_FORMAT: z.preprocess(emptyToUndefined, z.enum(['auto', 'json', 'pretty']).default('auto')),
  // One line per request (src/server/http/access-log.ts). Unset: on in production, off otherwise, so that `npm start`
  // on a laptop shows what the server does rather than every request the browser makes (decision 0051).
  LOG_REQUESTS: z.preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).optional()),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Omit<Env, 'API_DOCS' | 'LOG_REQUESTS'> {
  LOG_REQUESTS: boolean;
  dataDir: string;
  publicUrl: string;
  isProduction: boolean;
  /** Whether /api/docs serves the API explorer (API_DOCS, else everywhere but production). */
  apiDocs: boolean;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const problems: string[] = [];
  const values = parsed.data;
  if (values.S3_BUCKET && !values.S3_ACCESS_KEY_ID !== !values.S3_SECRET_ACCESS_KEY) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (!values.OIDC_ISSUER !== !values.OIDC_CLIENT_ID || (values.OIDC_CLIENT_SECRET && !values.OIDC_ISSUER)) {
    problems.push('OIDC_ISSUER and OIDC_CLIENT_ID must be set together (OIDC_CLIENT_SECRET only with them)');
  }
  const isProduction = values.NODE_ENV === 'production';
  // Without it, links in pages (og:url, canonical), mails and redirects would be built from the request's Host
  // header, which anyone can set (decision 0049).
  if (isProduction && !values.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL must be set in production: the address users reach the app at, such as https://lootklip.example (links in pages and mails are built from it, never from the Host header)',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const { API_DOCS, ...rest } = values;
  return {
    ...rest,
    LOG_REQUESTS:
      values.LOG_REQUESTS === undefined
        ? values.NODE_ENV === 'production'
        : values.LOG_REQUESTS === 'true' || values.LOG_REQUESTS === '1',
    dataDir: path.resolve(values.DATA_DIR),
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    isProduction,
    apiDocs: API_DOCS === undefined ? !isProduction : API_DOCS === 'true' || API_DOCS === '1',
  };
}

/** The process's configuration; a bad value ends the process with every problem listed (exit code 1). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

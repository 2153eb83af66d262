// The one way the client talks to the API (docs/product.md "The calls"): JSON over fetch under /api/v1, the bearer
// token when signed in, and every failure turned into an ApiError carrying its text
// (docs/product.md "Error texts: HTTP failures").
import { HTTP_MESSAGES } from '../../shared/shell-messages.ts';
import { takePreloadedAnswer } from './preloaded-answers.ts';

export const API_BASE_PATH = '/api/v1';

/** Status 0 means no response arrived at all. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type ApiClientOptions = {
  /** Absolute, or relative to the page's origin. */
  baseUrl?: string;
  getToken?: () => string | null;
  fetch?: typeof fetch;
};

function readServerMessage(body: unknown): { message: string | undefined; code: string | undefined } {
  if (typeof body !== 'object' || body === null) return { message: undefined, code: undefined };
  const { message, code } = body as { message?: unknown; code?: unknown };
  return {
    message: typeof message === 'string' && message.trim() ? message : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

function createErrorForStatus(status: number, path: string, body: unknown): ApiError {
  const { message, code } = readServerMessage(body);
  switch (status) {
    case 404:
      return new ApiError(status, HTTP_MESSAGES.notFound(path), code);
    case 401:
      return new ApiError(status, HTTP_MESSAGES.unauthorized, code);
    case 403:
      return new ApiError(status, HTTP_MESSAGES.forbidden, code);
    default:
      return new ApiError(status, message ?? HTTP_MESSAGES.fallback, code);
  }
}

/**
 * An AbortError: a request, an upload, a share sheet or a play() cut short on purpose. By name, not class: the
 * DOMException of a fetch polyfill or another realm is not this realm's DOMException.
 */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || isAbortError(error);
}

function resolveBaseUrl(baseUrl: string): string {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return new URL(baseUrl, origin).href.replace(/\/$/, '');
}

export type UploadOptions = {
  /** Called with the share of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

function createAbortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

export function createApiClient({
  baseUrl = API_BASE_PATH,
  getToken,
  fetch: fetchImpl,
}: ApiClientOptions = {}) {
  function buildUrl(path: string, query: Record<string, QueryValue> = {}): URL {
    const url = new URL(`${resolveBaseUrl(baseUrl)}${path}`);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
    }
    return url;
  }

  /** The one reading of an answer, whichever transport carried it. */
  function readAnswer<T>(path: string, status: number, text: string, token: string | null): T {
    let parsed: unknown;
    let isJson = true;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      isJson = false;
    }

    if (status < 200 || status > 299) {
      // A refused token ends the session; the identity calls answer 401 for their own reasons.
      if (status === 401 && token && !path.startsWith('/auth/')) onUnauthorized();
      throw createErrorForStatus(status, path, isJson ? parsed : undefined);
    }
    if (!isJson) throw new ApiError(status, HTTP_MESSAGES.invalidResponse);
    return parsed as T;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const url = buildUrl(path, options.query);
    if ((options.method ?? 'GET') === 'GET') {
      const preloaded = takePreloadedAnswer(url);
      if (preloaded !== undefined) return preloaded as T;
    }
    const headers = new Headers({ accept: 'application/json', ...options.headers });
    const token = getToken?.() ?? null;
    if (token) headers.set('authorization', `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body; // the browser sets the multipart boundary itself
    } else if (options.body !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(options.body);
    }

    let response: Response;
    try {
      // Read at call time so that tests and the app share one code path whatever fetch is installed.
      response = await (fetchImpl ?? serverTransport ?? globalThis.fetch)(url, {
        method: options.method ?? 'GET',
        headers,
        body,
        // The refresh cookie goes to our own origin only (the fetch default, said out loud).
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      // A cancelled query is not a failure to report; TanStack Query expects the AbortError back.
      if (isAbort(error, options.signal)) throw error;
      throw new ApiError(0, HTTP_MESSAGES.network);
    }

    const text = await response.text().catch(() => {
      throw new ApiError(0, HTTP_MESSAGES.network);
    });
    return readAnswer<T>(path, response.status, text, token);
  }

  /**
   * POSTs a multipart body over XMLHttpRequest, because fetch cannot report upload progress. Same token, same
   * errors as request(); an abort rejects with an AbortError.
   */
  function upload<T>(path: string, body: FormData, { onProgress, signal }: UploadOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(createAbortError());
        return;
      }
      const xhr = new XMLHttpRequest();
      const token = getToken?.() ?? null;
      const onAbort = () => xhr.abort();
      xhr.open('POST', buildUrl(path).href);
      xhr.setRequestHeader('accept', 'application/json');
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () => {
        signal?.removeEventListener('abort', onAbort);
        try {
          resolve(readAnswer<T>(path, xhr.status, xhr.responseText, token));
        } catch (error) {
          reject(error as Error);
        }
      };
      xhr.onerror = () => {
        signal?.removeEventListener('abort', onAbort);
        reject(new ApiError(0, HTTP_MESSAGES.network));
      };
      xhr.onabort = () => reject(createAbortError());
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send(body);
    });
  }

  return {
    request,
    upload,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    /** A GET of a list: an answer without an array of items is an error (docs/product.md "Product load"). */
    getList: async <T extends { items: unknown[] }>(
      path: string,
      options?: Omit<RequestOptions, 'method' | 'body'>,
    ) => {
      const body = await request<Partial<T> | undefined>(path, { ...options, method: 'GET' });
      if (!Array.isArray(body?.items)) throw new ApiError(200, HTTP_MESSAGES.invalidResponseFormat);
      return body as T;
    },
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

let serverTransport: typeof fetch | undefined;

/** On the server, the page renderer answers the app's requests itself (decision 0080); never set in a browser. */
export function setServerTransport(transport: typeof fetch): void {
  serverTransport = transport;
}

let readAccessToken: () => string | null = () => null;

/** The auth module registers where the current token lives; the api client never imports auth (no cycle). */
export function setAccessTokenReader(reader: () => string | null): void {
  readAccessToken = reader;
}

let onUnauthorized: () => void = () => undefined;

/** The auth module says what a 401 on a signed-in request does (sign out, tell the user). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export const api = createApiClient({ getToken: () => readAccessToken() });

/** The user-facing text of any error thrown by a request or by code around it. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return HTTP_MESSAGES.fallback;
}

// Types for http-test-server.js. The server is plain JavaScript so that the client's type check does not need
// Node's types (which would make `process` and friends look valid in browser code).

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

export type TestResponse = { status: number; body?: unknown; raw?: string; contentType?: string };

export type HttpTestServer = {
  /** e.g. http://127.0.0.1:54321 */
  url: string;
  requests: RecordedRequest[];
  /** Answer requests to `method path` (path without query) with this response, or the one it makes (or promises). */
  respond(
    method: string,
    path: string,
    response: TestResponse | ((request: RecordedRequest) => TestResponse | Promise<TestResponse>),
  ): void;
  close(): Promise<void>;
};

export function startHttpTestServer(): Promise<HttpTestServer>;

/** A URL on which nothing listens (a port that was just freed). */
export function findClosedPortUrl(): Promise<string>;

// One request of a benchmark's client on its kept-alive agent: a JSON body and a bearer token when given, the whole
// answer read. Past the client's own limit the request fails with an error whose message and code are 'timeout'.
import http from 'node:http';

/** A client's own limit: past it the request counts as a timeout. */
const CLIENT_TIMEOUT_MS = 30_000;

export interface JsonAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** From sending to the answer's last byte. */
  ms: number;
}

export function requestJson(
  agent: http.Agent,
  target: { host: string; port: number | string },
  method: string,
  pathname: string,
  options: { token?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<JsonAnswer> {
  const startedAt = performance.now();
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: target.host,
        port: target.port,
        method,
        path: pathname,
        timeout: CLIENT_TIMEOUT_MS,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - startedAt,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
    request.on('error', reject);
    request.end(payload);
  });
}

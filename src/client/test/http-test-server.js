// A real HTTP server on a loopback port for client tests: requests are recorded, answers are set per route.
// See http-test-server.d.ts for why this file is JavaScript.
import http from 'node:http';

export async function startHttpTestServer() {
  const routes = new Map();
  const requests = [];
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = routes.get(`${request.method} ${url.pathname}`) ?? {
        status: 404,
        body: { success: false, message: `No endpoint at ${request.method} ${url.pathname}` },
      };
      const text = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
      response.writeHead(answer.status, {
        'content-type': answer.contentType ?? (answer.raw === undefined ? 'application/json' : 'text/html'),
      });
      response.end(text);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond(method, path, response) {
      routes.set(`${method} ${path}`, response);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function findClosedPortUrl() {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

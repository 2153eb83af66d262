// A real HTTP server on a loopback port for client tests: requests are recorded, answers are set per route.
// See http-test-server.d.ts for why this file is JavaScript.
import http from 'node:http';

export async function startHttpTestServer() {
  const routes = new Map();
  const requests = [];
  const server = http.createServer((request, response) => {
    // jsdom's XMLHttpRequest (uploads) keeps to CORS like a browser: the page's origin is not this server's.
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': 'authorization, content-type, accept',
      });
      response.end();
      return;
    }
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const recorded = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const route = routes.get(`${request.method} ${url.pathname}`);
      // A route may answer later (a promise): the client waits as on a slow network. A broken fixture (a route
      // that throws or rejects) answers 500 at once instead of leaving the request to time out.
      void new Promise((resolve) => resolve(typeof route === 'function' ? route(recorded) : route))
        .catch((error) => ({ status: 500, body: { success: false, message: `Test route failed: ${error}` } }))
        .then((found) => {
          const answer = found ?? {
            status: 404,
            body: { success: false, message: `No endpoint at ${request.method} ${url.pathname}` },
          };
          const text = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
          response.writeHead(answer.status, {
            'content-type':
              answer.contentType ?? (answer.raw === undefined ? 'application/json' : 'text/html'),
          });
          response.end(text);
        });
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

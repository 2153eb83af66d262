// The baseline: a bare node:http server answering the same /healthz body.
import http from 'node:http';

const body = JSON.stringify({ success: true, status: 'ok' });
const server = http.createServer((request, response) => {
  if (request.url === '/healthz') {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
    return;
  }
  response.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

// A loopback TCP proxy that a test can cut and restore, to see how the app behaves when its database goes
// away and comes back, against the real server.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  async function listen(): Promise<void> {
    server = net.createServer((client) => {
      const upstream = net.connect(targetPort, targetHost);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server!.address() as net.AddressInfo).port;
  }

  async function cut(): Promise<void> {
    const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of sockets) socket.destroy();
    await closing;
    server = undefined;
  }

  await listen();
  return {
    get port() {
      return port;
    },
    cut,
    restore: listen,
    close: cut,
  };
}

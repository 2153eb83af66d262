// A loopback TCP proxy that a test can cut, stall and restore, to see how the app behaves when its database goes
// away (connections refused) or stops answering (connections stay open, nothing comes back) and comes back,
// against the real server.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Chunks the app sent while the proxy was stalled: each a request the database never saw or answered. */
  readonly swallowedChunks: number;
  /** Drops every connection and refuses new ones. */
  cut(): Promise<void>;
  /** Keeps every connection open, accepts new ones, and forwards nothing either way: a database that hangs. */
  stall(): void;
  /** Drops every connection (a stalled one is out of step with its server) and forwards new ones again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  let stalled = false;
  let swallowedChunks = 0;

  function forward(from: net.Socket, to: net.Socket, fromApp: boolean): void {
    from.on('data', (chunk) => {
      if (!stalled) to.write(chunk);
      else if (fromApp) swallowedChunks++;
    });
  }

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
      client.on('end', () => upstream.end());
      upstream.on('end', () => client.end());
      forward(client, upstream, true);
      forward(upstream, client, false);
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
    get swallowedChunks() {
      return swallowedChunks;
    },
    cut,
    stall() {
      stalled = true;
    },
    async restore() {
      await cut();
      stalled = false;
      await listen();
    },
    close: cut,
  };
}

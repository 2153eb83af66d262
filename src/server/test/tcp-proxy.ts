// A loopback TCP proxy that a test can cut, stall, black-hole, heal and restore, to see how the app behaves when its
// database goes away (connections refused), stops answering (connections stay open, nothing comes back) or loses
// its open connections for good (a partition, a proxy that keeps the client's socket open), against the real
// server.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections from the app open right now (silent ones included). */
  readonly openConnections: number;
  /** Chunks the app sent while the proxy was stalled or black-holed: requests the database never saw or answered. */
  readonly swallowedChunks: number;
  /** Drops every connection and refuses new ones. */
  cut(): Promise<void>;
  /** Keeps every connection open, accepts new ones, and forwards nothing either way: a database that hangs. */
  stall(): void;
  /** Drops every connection (a stalled one is out of step with its server) and forwards new ones again. */
  restore(): Promise<void>;
  /**
   * A partition: every open connection goes silent for good (its far side is gone, while the app's socket stays
   * open and hears nothing, not even a reset), and connections opened until heal() are silent too.
   */
  blackHole(): void;
  /** New connections are forwarded again; the ones the black hole took stay open and silent, as they would. */
  heal(): void;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | undefined;
  silent: boolean;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const pairs = new Set<Pair>();
  let server: net.Server | undefined;
  let port = 0;
  let stalled = false;
  let blackHoled = false;
  let swallowedChunks = 0;

  function track(socket: net.Socket): void {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  }

  /** The far side disappears without a word: nothing more is read from it or told to the app. */
  function silence(pair: Pair): void {
    pair.silent = true;
    const { upstream } = pair;
    pair.upstream = undefined;
    upstream?.removeAllListeners('end');
    upstream?.removeAllListeners('error');
    upstream?.on('error', () => {});
    upstream?.destroy();
  }

  async function listen(): Promise<void> {
    server = net.createServer((client) => {
      const pair: Pair = { client, upstream: undefined, silent: false };
      pairs.add(pair);
      track(client);
      client.on('close', () => {
        pairs.delete(pair);
        pair.upstream?.destroy();
      });
      client.on('error', () => client.destroy());
      client.on('data', (chunk) => {
        if (pair.silent || stalled) swallowedChunks++;
        else pair.upstream?.write(chunk);
      });
      client.on('end', () => {
        if (!pair.silent) pair.upstream?.end();
      });
      if (blackHoled) {
        pair.silent = true;
        return;
      }
      const upstream = net.connect(targetPort, targetHost);
      pair.upstream = upstream;
      track(upstream);
      upstream.on('error', () => {
        upstream.destroy();
        client.destroy();
      });
      upstream.on('end', () => client.end());
      upstream.on('data', (chunk) => {
        if (!pair.silent && !stalled) client.write(chunk);
      });
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
    get openConnections() {
      return pairs.size;
    },
    cut,
    stall() {
      stalled = true;
    },
    async restore() {
      await cut();
      stalled = false;
      blackHoled = false;
      await listen();
    },
    blackHole() {
      blackHoled = true;
      for (const pair of pairs) silence(pair);
    },
    heal() {
      blackHoled = false;
    },
    close: cut,
  };
}

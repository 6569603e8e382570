import net, { type AddressInfo } from 'node:net';

/**
 * A TCP relay in front of a real service (Redis, PostgreSQL), so that a test can make that service vanish
 * (`cut`: connections dropped, new ones refused), hang (`freeze`: connections accepted, nothing relayed) and
 * come back (`restore`) without touching the service that other tests share.
 */
export interface TcpProxy {
  readonly port: number;
  cut(): Promise<void>;
  freeze(): void;
  /** Resolves once a client has sent bytes since `freeze`: a query or command is on the wire, unanswered. */
  frozenBytes(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const clients = new Set<net.Socket>();
  let frozen = false;
  let sawFrozenBytes = false;
  const frozenWaiters = new Set<() => void>();
  /** While frozen, what a client sends is read and dropped, as a peer that stopped answering would, and noticed. */
  const swallow = (chunk: Buffer) => {
    if (chunk.length === 0) return;
    sawFrozenBytes = true;
    for (const waiter of frozenWaiters) waiter();
    frozenWaiters.clear();
  };
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    clients.add(client);
    client.on('close', () => clients.delete(client));
    if (frozen) {
      client.on('data', swallow);
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) resolve();
      else server.close(() => resolve());
    });

  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    port,
    cut: stopListening,
    freeze: () => {
      frozen = true;
      sawFrozenBytes = false;
      // Established connections stay open but carry nothing more, like a peer that stopped answering.
      for (const socket of sockets) socket.unpipe();
      for (const socket of sockets) if (!clients.has(socket)) socket.pause();
      for (const client of clients) client.on('data', swallow).resume();
    },
    frozenBytes: () => (sawFrozenBytes ? Promise.resolve() : new Promise<void>((resolve) => frozenWaiters.add(resolve))),
    restore: async () => {
      frozen = false;
      await stopListening();
      await listen(port);
    },
    close: stopListening,
  };
}

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
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let frozen = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (frozen) return;
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
      // Established connections stay open but carry nothing more, like a peer that stopped answering.
      for (const socket of sockets) socket.unpipe();
      for (const socket of sockets) socket.pause();
    },
    restore: async () => {
      frozen = false;
      await stopListening();
      await listen(port);
    },
    close: stopListening,
  };
}

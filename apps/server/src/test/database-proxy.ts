import net from 'node:net';

/**
 * A TCP proxy to PostgreSQL that can fail the way networks and hosts do: go silent (`stall`: it stops
 * passing bytes either way but keeps every connection open, as a stalled network or a frozen database host
 * does) or go away (`cut`: every connection is dropped and new ones are closed at once, as a database that
 * is down). `resume` and `restore` undo them.
 */
export async function startDatabaseProxy(target: URL) {
  let stalled = false;
  let down = false;
  /** Bytes that arrived while stalled, delivered in order on resume. */
  const held: { to: net.Socket; data: Buffer }[] = [];
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (data: Buffer) => (stalled ? held.push({ to, data }) : to.write(data)));
  const server = net.createServer((inbound) => {
    if (down) {
      inbound.destroy();
      return;
    }
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        inbound.destroy();
        outbound.destroy();
      });
      socket.on('error', () => {});
    }
    forward(inbound, outbound);
    forward(outbound, inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** `target` with its host and port replaced by the proxy's. */
    url() {
      const through = new URL(target);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const { to, data } of held.splice(0)) if (!to.destroyed) to.write(data);
    },
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      down = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

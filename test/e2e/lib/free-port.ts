import net from 'node:net';

const tryListen = (port: number) =>
  new Promise<number | null>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const { port: got } = server.address() as net.AddressInfo;
      server.close(() => resolve(got));
    });
  });

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const port = await tryListen(0);
  if (port === null) throw new Error('No free port');
  return port;
}

/** A free port whose next port is free too (the local chain's WebSocket is on port + 1). */
export async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await freePort();
    if (port < 65534 && (await tryListen(port + 1)) !== null) return port;
  }
  throw new Error('No free pair of ports');
}

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Listens with `http` on `port` and `ws` on `port + 1` (web3.js derives its WebSocket URL that
 * way). With port 0, random pairs in 20000-59999 are tried until both halves are free.
 */
export async function listenPair(
  http: Server,
  ws: Server,
  port: number,
  host: string,
): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    const first = port === 0 ? 20_000 + Math.floor(Math.random() * 40_000) : port;
    try {
      await listen(http, first, host);
    } catch (error) {
      if (port !== 0 || attempt > 50) throw error;
      continue;
    }
    try {
      await listen(ws, first + 1, host);
      return (http.address() as AddressInfo).port;
    } catch (error) {
      await closeServer(http);
      if (port !== 0 || attempt > 50) throw error;
    }
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

export const closeServer = (server: Server) =>
  new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

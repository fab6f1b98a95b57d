import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import type { DispatchLogger } from './rpc-dispatch';
import { httpHandler, injectedFailure, rpcAnswerer, type RpcReply } from './rpc-http';
import type { Handler } from './rpc-params';
import { attachWebSocket } from './rpc-ws';
import { closeServer, listenPair } from './port-pair';
import type { ChainProfile } from './profile';
import { RateLimiter } from './rate-limit';
import type { Subscriptions } from './subscriptions';

export interface RpcServers {
  port: number;
  /** The next `n` HTTP requests are answered with `status` (test hook). */
  failNext(n: number, status: number): void;
  /**
   * One JSON-RPC body answered without HTTP, as the endpoint answers it (faults, rate limits
   * under the client name `in-process`, write-ahead gating): for the server the chain runs in.
   */
  rpc(body: string): Promise<RpcReply>;
  close(): Promise<void>;
}

/**
 * JSON-RPC over HTTP on `port` and WebSocket subscriptions on `port + 1` (web3.js's default).
 * With port 0, free neighbouring ports are found by trying random pairs.
 */
export async function startRpcServers(opts: {
  port: number;
  host: string;
  methods: Record<string, Handler>;
  subscriptions: Subscriptions;
  rateLimit: ChainProfile['rateLimit'];
  gate: () => Promise<void> | null;
  logger?: DispatchLogger;
}): Promise<RpcServers> {
  const failures = { left: 0, status: 429 };
  const limiter = new RateLimiter(opts.rateLimit);
  const answer = rpcAnswerer({ ...opts, limiter });
  const http = createServer(httpHandler({ ...opts, limiter, failures }, answer));
  // Outlast clients' idle keep-alive (undici: 4 s) so they never reuse a socket we just closed.
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  const ws = createServer((_req, res) => {
    res.writeHead(405, { 'content-type': 'text/plain' });
    res.end('WebSocket only');
  });
  const port = await listenPair(http, ws, opts.port, opts.host);
  // Attached only once both halves listen: a WebSocketServer re-emits its server's errors, and a
  // taken port tried by listenPair would otherwise surface as an unhandled 'error'.
  const sockets = new WebSocketServer({ server: ws });
  attachWebSocket(sockets, opts);
  return {
    port,
    failNext(n, status) {
      failures.left = n;
      failures.status = status;
    },
    rpc: async (body) => injectedFailure(failures) ?? answer(body, 'in-process'),
    async close() {
      await closeSockets(sockets);
      http.closeAllConnections();
      ws.closeAllConnections();
      await Promise.all([closeServer(http), closeServer(ws)]);
    },
  };
}

/**
 * A normal closure (1000) tells web3.js not to reconnect in a loop; whoever does not finish the
 * closing handshake quickly is cut off.
 */
async function closeSockets(sockets: WebSocketServer): Promise<void> {
  const closing = [...sockets.clients].map(
    (client) =>
      new Promise<void>((resolve) => {
        client.once('close', () => resolve());
        client.close(1000, 'local chain stopping');
      }),
  );
  await Promise.race([Promise.all(closing), new Promise((resolve) => setTimeout(resolve, 300))]);
  for (const client of sockets.clients) client.terminate();
  await new Promise<void>((resolve) => sockets.close(() => resolve()));
}

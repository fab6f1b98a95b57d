import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { WebSocketServer } from 'ws';
import { dispatchBody, type DispatchLogger } from './rpc-dispatch';
import type { Handler } from './rpc-methods';
import { stringify } from './json';
import { closeServer, listenPair } from './port-pair';
import type { Subscriptions } from './subscriptions';

const MAX_BODY = 50 * 1024 * 1024;
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-max-age': '86400',
};

export interface RpcServers {
  port: number;
  /** The next `n` HTTP requests are answered with `status` (test hook). */
  failNext(n: number, status: number): void;
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
  logger?: DispatchLogger;
}): Promise<RpcServers> {
  let failures = { left: 0, status: 429 };
  const http = createServer((req, res) => {
    if (req.method === 'OPTIONS') return preflight(req, res);
    if (failures.left > 0) {
      failures.left -= 1;
      return send(
        res,
        failures.status,
        stringify({
          jsonrpc: '2.0',
          error: {
            code: failures.status,
            message: failures.status === 429 ? 'Too many requests' : 'Internal server error',
          },
          id: null,
        }),
      );
    }
    if (req.method === 'GET' && req.url === '/health') return send(res, 200, 'ok', 'text/plain');
    if (req.method !== 'POST')
      return send(
        res,
        405,
        'Used HTTP Method is not allowed. POST or OPTIONS is required',
        'text/plain',
      );
    readBody(req).then(
      (text) => {
        const answer = dispatchBody(text, opts.methods, opts.logger);
        send(res, 200, answer === null ? '' : stringify(answer));
      },
      () => send(res, 413, 'Payload too large', 'text/plain'),
    );
  });
  // Outlast clients' idle keep-alive (undici: 4 s) so they never reuse a socket we just closed.
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  const ws = createServer((_req, res) => send(res, 405, 'WebSocket only', 'text/plain'));
  const sockets = new WebSocketServer({ server: ws });
  sockets.on('connection', (socket) => {
    socket.on('message', (data) => {
      const answer = dispatchBody(data.toString(), opts.methods, opts.logger, (method, params) =>
        opts.subscriptions.call(socket, method, params),
      );
      if (answer !== null && !(Array.isArray(answer) && answer.length === 0))
        socket.send(stringify(answer));
    });
    socket.on('close', () => opts.subscriptions.dropSocket(socket));
    socket.on('error', () => socket.terminate());
  });
  const port = await listenPair(http, ws, opts.port, opts.host);
  return {
    port,
    failNext(n, status) {
      failures = { left: n, status };
    },
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

function preflight(req: IncomingMessage, res: ServerResponse): void {
  const asked = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    ...CORS,
    'access-control-allow-headers': asked ?? 'content-type, solana-client',
  });
  res.end();
}

function send(res: ServerResponse, status: number, body: string, type = 'application/json'): void {
  res.writeHead(status, { ...CORS, 'content-type': type });
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        req.destroy();
        reject(new Error('too large'));
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

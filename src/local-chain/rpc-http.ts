import type { IncomingMessage, ServerResponse } from 'node:http';
import { dispatchBody, methodsOf, parseBody, type DispatchLogger } from './rpc-dispatch';
import type { Handler } from './rpc-params';
import { stringify } from './json';
import type { RateLimiter } from './rate-limit';

const MAX_BODY = 50 * 1024 * 1024;
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-max-age': '86400',
};

export interface HttpDeps {
  methods: Record<string, Handler>;
  limiter: RateLimiter;
  /** Resolves once every change an answer may reveal is on disk (null: nothing pending). */
  gate: () => Promise<void> | null;
  /** Injected failures: the next `left` requests get `status` (test hook). */
  failures: { left: number; status: number };
  logger?: DispatchLogger;
}

const errorBody = (code: number, message: string) =>
  stringify({ jsonrpc: '2.0', error: { code, message }, id: null });

/** The JSON-RPC endpoint over HTTP: CORS, injected faults, rate limits, then write-ahead gating. */
export function httpHandler(deps: HttpDeps) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') return preflight(req, res);
    const { failures } = deps;
    if (failures.left > 0) {
      failures.left -= 1;
      const text = failures.status === 429 ? 'Too many requests' : 'Internal server error';
      return send(res, failures.status, errorBody(failures.status, text));
    }
    if (req.method === 'GET' && req.url === '/health') return send(res, 200, 'ok', 'text/plain');
    if (req.method !== 'POST') {
      const text = 'Used HTTP Method is not allowed. POST or OPTIONS is required';
      return send(res, 405, text, 'text/plain');
    }
    readBody(req).then(
      (text) => {
        const body = parseBody(text);
        const client = req.socket.remoteAddress ?? 'unknown';
        const refusal = body === undefined ? null : deps.limiter.take(client, methodsOf(body));
        if (refusal) {
          const headers = { 'retry-after': String(refusal.retryAfterSeconds) };
          return send(res, 429, errorBody(429, refusal.message), 'application/json', headers);
        }
        const answer = dispatchBody(body, deps.methods, deps.logger);
        const reply = () => send(res, 200, answer === null ? '' : stringify(answer));
        const gate = deps.gate();
        if (!gate) return reply();
        gate.then(reply, (error: Error) => {
          deps.logger?.error({ err: error }, 'local chain: could not write its log');
          send(res, 500, errorBody(-32603, 'Internal error: the chain could not write its log'));
        });
      },
      () => send(res, 413, 'Payload too large', 'text/plain'),
    );
  };
}

function preflight(req: IncomingMessage, res: ServerResponse): void {
  const asked = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    ...CORS,
    'access-control-allow-headers': asked ?? 'content-type, solana-client',
  });
  res.end();
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  type = 'application/json',
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...CORS, 'content-type': type, ...headers });
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

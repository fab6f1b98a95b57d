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

/** One JSON-RPC answer, whichever way the request came. */
export interface RpcReply {
  status: number;
  body: string;
  type: string;
  headers?: Record<string, string>;
}

const reply = (
  status: number,
  body: string,
  type = 'application/json',
  headers?: Record<string, string>,
): RpcReply => ({ status, body, type, headers });

/** An injected fault for this request, if any are left (test hook, `failNext`). */
export function injectedFailure(failures: HttpDeps['failures']): RpcReply | null {
  if (failures.left <= 0) return null;
  failures.left -= 1;
  const message = failures.status === 429 ? 'Too many requests' : 'Internal server error';
  return reply(failures.status, errorBody(failures.status, message));
}

/**
 * Answers one JSON-RPC body from `client` as the endpoint would: rate limits, the methods, then
 * write-ahead gating (no answer reveals a change before it is on disk).
 */
export function rpcAnswerer(deps: Omit<HttpDeps, 'failures'>) {
  return async (text: string, client: string): Promise<RpcReply> => {
    const body = parseBody(text);
    const refusal = body === undefined ? null : deps.limiter.take(client, methodsOf(body));
    if (refusal) {
      const headers = { 'retry-after': String(refusal.retryAfterSeconds) };
      return reply(429, errorBody(429, refusal.message), 'application/json', headers);
    }
    const answer = dispatchBody(body, deps.methods, deps.logger);
    const answered = reply(200, answer === null ? '' : stringify(answer));
    const gate = deps.gate();
    if (!gate) return answered;
    try {
      await gate;
      return answered;
    } catch (error) {
      deps.logger?.error({ err: error }, 'local chain: could not write its log');
      return reply(500, errorBody(-32603, 'Internal error: the chain could not write its log'));
    }
  };
}

/** The JSON-RPC endpoint over HTTP: CORS, injected faults, then what `rpcAnswerer` answers. */
export function httpHandler(deps: HttpDeps, answer = rpcAnswerer(deps)) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') return preflight(req, res);
    const failure = injectedFailure(deps.failures);
    if (failure) return send(res, failure);
    if (req.method === 'GET' && req.url === '/health') {
      return send(res, reply(200, 'ok', 'text/plain'));
    }
    if (req.method !== 'POST') {
      const text = 'Used HTTP Method is not allowed. POST or OPTIONS is required';
      return send(res, reply(405, text, 'text/plain'));
    }
    readBody(req).then(
      (text) =>
        (fromPage(req) && movesClock(text)
          ? Promise.resolve(FROM_PAGE)
          : answer(text, req.socket.remoteAddress ?? 'unknown')
        ).then(
          (r) => send(res, r),
          (error: unknown) => {
            deps.logger?.error({ err: error }, 'local chain: could not answer');
            send(res, reply(500, errorBody(-32603, 'Internal error')));
          },
        ),
      () => send(res, reply(413, 'Payload too large', 'text/plain')),
    );
  };
}

/**
 * Moving the chain's clock forward cannot be undone, and makes the marketplace settle every
 * order whose deadline it passes: a web page (any site, in a browser on this machine) may not
 * ask for it. Browsers send Origin with every cross-site POST; the CLI and tests send none.
 */
const CLOCK_MOVES = ['localchain_warp'];
const FROM_PAGE = reply(
  403,
  errorBody(
    -32600,
    'localchain_warp is not callable from a web page; use `marketplace chain warp`',
  ),
);
const fromPage = (req: IncomingMessage) => req.headers.origin !== undefined;
function movesClock(text: string): boolean {
  if (!CLOCK_MOVES.some((m) => text.includes(m))) return false;
  const body = parseBody(text);
  return body !== undefined && methodsOf(body).some((m) => CLOCK_MOVES.includes(m));
}

function preflight(req: IncomingMessage, res: ServerResponse): void {
  const asked = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    ...CORS,
    'access-control-allow-headers': asked ?? 'content-type, solana-client',
  });
  res.end();
}

function send(res: ServerResponse, r: RpcReply): void {
  res.writeHead(r.status, { ...CORS, 'content-type': r.type, ...r.headers });
  res.end(r.body);
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

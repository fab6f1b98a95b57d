import type { WebSocket, WebSocketServer } from 'ws';
import { dispatchBody, parseBody, type DispatchLogger } from './rpc-dispatch';
import type { Handler } from './rpc-params';
import { stringify } from './json';
import { isOwnSubscription, type Subscriptions } from './subscriptions';

/** A refused subscription asked again waits this long for its answer, doubling up to a minute. */
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 60_000;

export interface WsDeps {
  methods: Record<string, Handler>;
  subscriptions: Subscriptions;
  gate: () => Promise<void> | null;
  logger?: DispatchLogger;
}

/**
 * web3.js resubscribes at once whenever a subscribe call fails, so a plain "Method not found"
 * for a subscription this chain lacks becomes thousands of requests a second. The first refusal
 * is answered at once; the same call again on that socket is answered later and later.
 */
function refuseUnknown(
  socket: WebSocket,
  request: { id?: unknown },
  refused: Map<string, number>,
  method: string,
) {
  const times = refused.get(method) ?? 0;
  refused.set(method, times + 1);
  const answer = stringify({
    jsonrpc: '2.0',
    error: { code: -32601, message: 'Method not found' },
    id: request.id ?? null,
  });
  const reply = () => socket.readyState === socket.OPEN && socket.send(answer);
  if (times === 0) return reply();
  setTimeout(reply, Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (times - 1))).unref();
}

/** JSON-RPC over the WebSocket: subscriptions first, then any other method. */
export function attachWebSocket(sockets: WebSocketServer, deps: WsDeps): void {
  sockets.on('connection', (socket) => {
    const refused = new Map<string, number>();
    socket.on('message', (data) => {
      const body = parseBody(data.toString());
      const method = (body as { method?: unknown } | null)?.method;
      if (
        typeof method === 'string' &&
        /(Subscribe|Unsubscribe)$/.test(method) &&
        !isOwnSubscription(method)
      ) {
        return refuseUnknown(socket, body as { id?: unknown }, refused, method);
      }
      const answer = dispatchBody(body, deps.methods, deps.logger, (m, params) =>
        deps.subscriptions.call(socket, m, params),
      );
      if (answer === null || (Array.isArray(answer) && answer.length === 0)) return;
      const reply = () => socket.readyState === socket.OPEN && socket.send(stringify(answer));
      const gate = deps.gate();
      if (gate) gate.then(reply, () => undefined);
      else reply();
    });
    socket.on('close', () => deps.subscriptions.dropSocket(socket));
    socket.on('error', () => socket.terminate());
  });
}

import { RpcError } from './rpc-error';
import type { Handler } from './rpc-params';

interface Request {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

export interface DispatchLogger {
  error(obj: object | string, msg?: string): void;
}

const reply = (id: unknown, body: object) => ({ jsonrpc: '2.0', ...body, id: id ?? null });

/**
 * Answers one JSON-RPC request object. `extra` gets first go (the WebSocket's subscription
 * calls); null is returned for notifications (no id), which get no answer.
 */
export function dispatch(
  request: Request,
  methods: Record<string, Handler>,
  logger?: DispatchLogger,
  extra?: (method: string, params: unknown[]) => unknown,
): object | null {
  if (typeof request !== 'object' || request === null || typeof request.method !== 'string') {
    return reply(null, { error: { code: -32600, message: 'Invalid request' } });
  }
  const params = Array.isArray(request.params) ? request.params : [];
  try {
    const own = extra?.(request.method, params);
    if (own !== undefined) return reply(request.id, { result: own });
    const handler = methods[request.method];
    if (!handler) {
      if (request.id === undefined) return null;
      return reply(request.id, { error: { code: -32601, message: 'Method not found' } });
    }
    const result = handler(params);
    return request.id === undefined ? null : reply(request.id, { result });
  } catch (error) {
    if (error instanceof RpcError) {
      const body = {
        code: error.code,
        message: error.message,
        ...(error.data === undefined ? {} : { data: error.data }),
      };
      return reply(request.id, { error: body });
    }
    logger?.error({ err: error, method: request.method }, 'local chain: method failed');
    return reply(request.id, { error: { code: -32603, message: 'Internal error' } });
  }
}

export const PARSE_ERROR = reply(null, { error: { code: -32700, message: 'Parse error' } });

/** The body's JSON, or undefined when it is not JSON. */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The method names a body asks for (one request or a batch). */
export function methodsOf(body: unknown): string[] {
  const list = Array.isArray(body) ? body : [body];
  return list.map((r) => String((r as Request | null)?.method ?? ''));
}

/** A parsed body: one request or a batch. */
export function dispatchBody(
  body: unknown,
  methods: Record<string, Handler>,
  logger?: DispatchLogger,
  extra?: (method: string, params: unknown[]) => unknown,
): object | null {
  if (body === undefined) return PARSE_ERROR;
  if (Array.isArray(body)) {
    if (body.length === 0)
      return reply(null, { error: { code: -32600, message: 'Invalid request' } });
    return body
      .map((r) => dispatch(r as Request, methods, logger, extra))
      .filter((r) => r !== null);
  }
  return dispatch(body as Request, methods, logger, extra);
}

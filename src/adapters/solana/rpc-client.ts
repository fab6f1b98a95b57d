import { ChainRpcError } from './chain-rpc-error';
import { createRetryingFetch, retryingOn429, type RetryOptions } from './retry-fetch';

export type Commitment = 'processed' | 'confirmed' | 'finalized';

export interface RpcClient {
  readonly url: string;
  readonly commitment: Commitment;
  /** One JSON-RPC call; the answer's `result`. Failures are ChainRpcError. */
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
}

export interface RpcClientOptions extends RetryOptions {
  url: string;
  commitment?: Commitment;
  /** Per-request time limit. */
  requestTimeoutMs?: number;
  /** Told of every call once it ends: `ok` or the ChainRpcError's code (metrics). */
  onCall?: (method: string, outcome: string, seconds: number) => void;
  /**
   * How a request reaches the node, if not by HTTP to `url` (the embedded chain answers in
   * this process). Its HTTP 429 answers are retried as fetch's are.
   */
  transport?: RpcTransport;
}

/** One JSON-RPC exchange: the request's text in, the answer's HTTP status and text out. */
export type RpcTransport = (body: string) => Promise<{ status: number; text: string }>;

/** POSTs the request to `url` with `fetch`, within `timeoutMs`. */
const overHttp =
  (url: string, fetch: ReturnType<typeof createRetryingFetch>, timeoutMs: number): RpcTransport =>
  async (body) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, text: await response.text() };
  };

/** Spec section 9: 30 s for processed/confirmed, 60 s for finalized. */
export const confirmTimeoutMs = (commitment: Commitment): number =>
  commitment === 'finalized' ? 60_000 : 30_000;

// u64 amounts above 2^53 lose precision in JSON.parse: keep long "lamports" values as strings.
const BIG_LAMPORTS = /(?<!\\)"(lamports|value)":\s*(\d{16,})/g;

/** A JSON-RPC client for a Solana node at `confirmed` commitment, with the spec's 429 backoff. */
export function createRpcClient(opts: RpcClientOptions): RpcClient {
  const given = opts.transport;
  const transport: RpcTransport = given
    ? (body) => retryingOn429(opts, () => given(body))
    : overHttp(opts.url, createRetryingFetch(opts), opts.requestTimeoutMs ?? 30_000);
  const commitment = opts.commitment ?? 'confirmed';
  let nextId = 1;
  const observed = async <T>(method: string, work: () => Promise<T>): Promise<T> => {
    if (!opts.onCall) return work();
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const result = await work();
      opts.onCall(method, 'ok', seconds());
      return result;
    } catch (error) {
      opts.onCall(method, (error as ChainRpcError).code ?? 'error', seconds());
      throw error;
    }
  };
  return {
    url: opts.url,
    commitment,
    call<T>(method: string, params: unknown[] = []): Promise<T> {
      return observed(method, () => callOnce<T>(method, params));
    },
  };

  async function callOnce<T>(method: string, params: unknown[]): Promise<T> {
    const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params });
    let response: { status: number; text: string };
    try {
      response = await transport(body);
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new ChainRpcError(
        timedOut ? 'timeout' : 'network',
        `${method}: ${timedOut ? 'the Solana node did not answer in time' : `could not reach the Solana node (${(error as Error).message})`}`,
        { cause: error },
      );
    }
    const { text } = response;
    if (response.status === 429) {
      throw new ChainRpcError(
        'rate_limited',
        `${method}: the Solana node is rate limiting us (HTTP 429)`,
        { status: 429 },
      );
    }
    if (response.status < 200 || response.status > 299) {
      throw new ChainRpcError(
        'http',
        `${method}: HTTP ${response.status} ${text.slice(0, 200)}`.trim(),
        { status: response.status },
      );
    }
    let answer: { result?: T; error?: { code: number; message: string; data?: unknown } };
    try {
      answer = JSON.parse(text.replace(BIG_LAMPORTS, '"$1":"$2"'));
    } catch (error) {
      throw new ChainRpcError('invalid_response', `${method}: the node's answer is not JSON`, {
        cause: error,
      });
    }
    if (answer.error) {
      throw new ChainRpcError('rpc', `${method}: ${answer.error.message}`, {
        rpcCode: answer.error.code,
        data: answer.error.data,
      });
    }
    if (!('result' in answer))
      throw new ChainRpcError('invalid_response', `${method}: answer has no result`);
    return answer.result as T;
  }
}

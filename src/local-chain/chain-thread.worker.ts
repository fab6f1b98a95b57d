import { parentPort, workerData } from 'node:worker_threads';
import { startLocalChain, type LocalChain, type LocalChainLogger } from './local-chain';
import type { ChainProfile } from './profile';

/*
 * The local chain on its own thread (see chain-thread.ts). In: the options once (workerData),
 * then calls { id, op, args }. Out: { ready } or { failed }, each call's answer, and log lines.
 * The chain's clock is written into the shared buffer, so the server reads it without waiting.
 */

export interface ThreadOptions {
  port: number;
  host?: string;
  dataDir?: string;
  profile?: ChainProfile | string;
  slotMs?: number;
  /** [offsetSeconds, slot], written by this thread, read by the server's. */
  clock: SharedArrayBuffer;
}

export type Call =
  | { id: number; op: 'airdrop'; address: string; lamports: bigint }
  | { id: number; op: 'failNext'; n: number; status?: number }
  | { id: number; op: 'rpc'; body: string }
  | { id: number; op: 'warp'; seconds: number }
  | { id: number; op: 'stop' };

export type SerializedError = Record<string, unknown> & { message: string; name: string };

export type Message =
  | { ready: { rpcUrl: string; wsUrl: string; profile: ChainProfile } }
  | { failed: SerializedError }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { log: 'info' | 'error'; obj: object | string; msg?: string };

export const serializeError = (error: unknown): SerializedError => {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: SerializedError = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  if (error.stack) fields.stack = error.stack;
  return fields;
};

const port = parentPort!;
const options = workerData as ThreadOptions;
const clock = new Float64Array(options.clock);
const plain = (obj: object | string): object | string =>
  typeof obj === 'string'
    ? obj
    : Object.fromEntries(
        Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? serializeError(v) : v]),
      );
const logger: LocalChainLogger = {
  info: (obj, msg) => port.postMessage({ log: 'info', obj: plain(obj), msg } satisfies Message),
  error: (obj, msg) => port.postMessage({ log: 'error', obj: plain(obj), msg } satisfies Message),
};

async function call(chain: LocalChain, c: Call): Promise<unknown> {
  switch (c.op) {
    case 'airdrop':
      return chain.airdrop(c.address, c.lamports);
    case 'rpc':
      return chain.rpc(c.body);
    case 'failNext':
      chain.failNext(c.n, c.status);
      return null;
    case 'warp':
      return chain.warp(c.seconds);
    case 'stop':
      await chain.stop();
      return null;
  }
}

try {
  const chain = await startLocalChain({
    port: options.port,
    host: options.host,
    dataDir: options.dataDir,
    profile: options.profile,
    slotMs: options.slotMs,
    logger,
    onClock: (time) => {
      clock[0] = time.offsetSeconds;
      clock[1] = time.slot;
    },
  });
  const now = chain.time();
  clock[0] = now.offsetSeconds;
  clock[1] = now.slot;
  port.on('message', (c: Call) => {
    call(chain, c).then(
      (value) => port.postMessage({ id: c.id, ok: true, value } satisfies Message),
      (error: unknown) =>
        port.postMessage({ id: c.id, ok: false, error: serializeError(error) } satisfies Message),
    );
  });
  port.postMessage({
    ready: { rpcUrl: chain.rpcUrl, wsUrl: chain.wsUrl, profile: chain.profile },
  } satisfies Message);
} catch (error) {
  port.postMessage({ failed: serializeError(error) } satisfies Message);
}

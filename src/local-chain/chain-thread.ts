import { Worker } from 'node:worker_threads';
import type { LocalChain, LocalChainLogger } from './local-chain';
import type { Call, Message, SerializedError, ThreadOptions } from './chain-thread.worker';
import type { ChainProfile } from './profile';

type Op = Call extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

const revive = (fields: SerializedError): Error =>
  Object.assign(new Error(fields.message), fields, { name: fields.name });

/**
 * The local chain on a worker thread of its own: the same LocalChain, its RPC and WebSocket
 * servers listening from that thread, so that verifying signatures and running transactions does
 * not take turns with the server's HTTP. The chain's clock is shared memory (the server's
 * deadlines read it at once, a warp included); everything else is a message.
 */
export async function startLocalChainThread(
  opts: Omit<ThreadOptions, 'clock'> & { logger?: LocalChainLogger },
): Promise<LocalChain> {
  const { logger, ...options } = opts;
  const shared = new SharedArrayBuffer(2 * Float64Array.BYTES_PER_ELEMENT);
  const clock = new Float64Array(shared);
  const url = new URL('./chain-thread.worker.ts', import.meta.url).href;
  // TypeScript through tsx's API: a worker does not run the parent's --import hooks on Node 20.
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => tsx.tsImport(${JSON.stringify(url)}, ${JSON.stringify(url)}))`;
  const worker = new Worker(boot, {
    eval: true,
    workerData: { ...options, clock: shared } satisfies ThreadOptions,
  });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 1;
  let gone: Error | null = null;
  let started: (ready: { rpcUrl: string; wsUrl: string; profile: ChainProfile }) => void;
  let failed: (error: Error) => void;
  const ready = new Promise<{ rpcUrl: string; wsUrl: string; profile: ChainProfile }>(
    (resolve, reject) => {
      started = resolve;
      failed = reject;
    },
  );
  const end = (error: Error) => {
    gone ??= error;
    failed(error);
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on('message', (m: Message) => {
    if ('ready' in m) return started(m.ready);
    if ('failed' in m) return failed(revive(m.failed));
    if ('log' in m) return logger?.[m.log](m.obj, m.msg);
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.value);
    else p.reject(revive(m.error));
  });
  worker.on('error', end);
  worker.on('exit', () => end(new Error('The local chain has stopped')));

  const send = (op: Op): Promise<unknown> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...op, id });
    });
  };

  let info: Awaited<typeof ready>;
  try {
    info = await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  const time = () => ({
    unixTimestamp: Math.floor(Date.now() / 1000) + clock[0]!,
    offsetSeconds: clock[0]!,
    slot: clock[1]!,
  });
  return {
    ...info,
    airdrop: (address, lamports) => send({ op: 'airdrop', address, lamports }) as Promise<string>,
    failNext: (n, status) => void send({ op: 'failNext', n, status }),
    rpc: (body) => send({ op: 'rpc', body }) as ReturnType<LocalChain['rpc']>,
    slot: () => clock[1]!,
    time,
    warp: async (seconds) => {
      await send({ op: 'warp', seconds });
      return time();
    },
    async stop() {
      if (gone) return;
      try {
        await send({ op: 'stop' });
      } finally {
        await worker.terminate();
      }
    },
  };
}

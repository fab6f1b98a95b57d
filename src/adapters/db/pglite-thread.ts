import { Worker } from 'node:worker_threads';
import type { Reply, Request, SerializedError } from './pglite-thread.worker';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Op = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export interface QueryResult {
  rows: Record<string, unknown>[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

/** The driver's error as the worker saw it: the same message, code, constraint and table. */
const revive = (fields: SerializedError): Error =>
  Object.assign(new Error(fields.message), fields, { name: fields.name });

/**
 * PGlite on a worker thread, answering the part of PGlite's interface that knex-pglite and the
 * event feed use (waitReady, query, exec, listen, close). Queries go one at a time, as knex
 * sends them on PGlite's single connection; rows come back by structured clone (bigint, Date
 * and Uint8Array intact). The database's WASM then runs on the second core, not on the thread
 * that serves HTTP.
 */
export class PGliteThread {
  readonly waitReady: Promise<void>;
  closed = false;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private exited: Error | null = null;

  constructor(dataDir: string) {
    // The worker is TypeScript: it loads itself through tsx's API (a worker does not run the
    // parent's --import hooks on Node 20).
    const url = new URL('./pglite-thread.worker.ts', import.meta.url).href;
    const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => tsx.tsImport(${JSON.stringify(url)}, ${JSON.stringify(url)}))`;
    this.worker = new Worker(boot, { eval: true, workerData: { dataDir } });
    this.worker.on('message', (reply: Reply) => this.receive(reply));
    const fail = (error: Error) => {
      this.exited = error;
      this.closed = true;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', (error) => fail(error));
    this.worker.on('exit', () => fail(new Error('PGlite is closed')));
    this.waitReady = this.send({ op: 'query', sql: 'SELECT 1' }).then(() => undefined);
  }

  static async create(dataDir: string): Promise<PGliteThread> {
    const thread = new PGliteThread(dataDir);
    try {
      await thread.waitReady;
    } catch (error) {
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  query(sql: string, params?: unknown[], options?: object): Promise<QueryResult> {
    return this.send({ op: 'query', sql, params, options }) as Promise<QueryResult>;
  }

  exec(sql: string): Promise<QueryResult[]> {
    return this.send({ op: 'exec', sql }) as Promise<QueryResult[]>;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.send({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size === 0 && this.listeners.get(channel) === set) {
        this.listeners.delete(channel);
        if (!this.closed) await this.send({ op: 'unlisten', channel });
      }
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.send({ op: 'close' });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }

  private send(op: Op): Promise<unknown> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...op, id });
    });
  }

  private receive(reply: Reply) {
    if ('notify' in reply) {
      for (const listener of this.listeners.get(reply.notify) ?? []) listener(reply.payload);
      return;
    }
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(revive(reply.error));
  }
}

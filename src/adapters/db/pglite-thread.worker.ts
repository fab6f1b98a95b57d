import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options';
import { withNamedStatements, type QueryOptions } from './pglite-prepared';

/*
 * The embedded database on its own thread (see pglite-thread.ts): PGlite's WASM and JS would
 * otherwise share the event loop with every HTTP request. Messages in: query, exec, listen,
 * unlisten, close; out: each request's answer, and notifications.
 */

export type Request =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; options?: QueryOptions }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' };

export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { notify: string; payload: string };

/** An Error's message, name and the driver's fields (code, constraint, table ...). */
export type SerializedError = Record<string, unknown> & { message: string; name: string };

const serialize = (error: unknown): SerializedError => {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: SerializedError = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null && !(value instanceof Date)) continue;
    fields[key] = value;
  }
  return fields;
};

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string };
const ready = PGlite.create({ dataDir, ...pgliteOptions() });
const query = ready.then(withNamedStatements);
const unlisteners = new Map<string, () => Promise<void>>();

async function handle(pglite: PGlite, request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const result = await (await query)(request.sql, request.params, request.options);
      return { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields };
    }
    case 'exec':
      return (await pglite.exec(request.sql)).map((r) => ({
        rows: r.rows,
        affectedRows: r.affectedRows,
        fields: r.fields,
      }));
    case 'listen': {
      if (!unlisteners.has(request.channel)) {
        const stop = await pglite.listen(request.channel, (payload) =>
          port.postMessage({ notify: request.channel, payload } satisfies Reply),
        );
        unlisteners.set(request.channel, stop);
      }
      return null;
    }
    case 'unlisten':
      await unlisteners.get(request.channel)?.();
      unlisteners.delete(request.channel);
      return null;
    case 'close':
      if (!pglite.closed) await pglite.close();
      return null;
  }
}

port.on('message', (request: Request) => {
  ready
    .then((pglite) => handle(pglite, request))
    .then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies Reply),
      (error: unknown) =>
        port.postMessage({ id: request.id, ok: false, error: serialize(error) } satisfies Reply),
    );
});

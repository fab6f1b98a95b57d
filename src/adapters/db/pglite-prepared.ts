import {
  parse as protocolResults,
  protocol,
  type PGlite,
  type Results,
} from '@electric-sql/pglite';

/** What knex hands a driver with a query: `name` when the statement was given one. */
export interface QueryOptions {
  name?: string;
}

const batch = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const { serialize } = protocol;

/**
 * Named statements on PGlite, as node-postgres keeps them on a PostgreSQL connection: a query
 * knex names (`.options({ name })`, the hot paths) is parsed and planned once, then only bound
 * and run, in one call into PGlite's WASM. PGlite's own `query` parses, describes and plans a
 * statement every time, in six calls. Values are written by the parameter types the statement
 * was described with, by PGlite's own serializers, as `query` writes them; rows are read by its
 * parsers. A query without a name goes to `query` as before.
 */
export function withNamedStatements(pglite: PGlite) {
  const prepared = new Map<string, { sql: string; types: number[] }>();

  async function run(name: string, sql: string, params: unknown[]): Promise<Results> {
    let statement = prepared.get(name);
    if (statement && statement.sql !== sql) {
      // node-postgres refuses the same: a name stands for one statement.
      throw new Error(`Prepared statement "${name}" was already prepared with other SQL`);
    }
    if (!statement) {
      const { messages } = await pglite.execProtocol(
        batch([
          serialize.parse({ name, text: sql, types: [] }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      statement = { sql, types: protocolResults.parseDescribeStatementResults(messages) };
      prepared.set(name, statement);
    }
    const { types } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const write = pglite.serializers[types[i]!];
      return write ? write(value) : String(value);
    });
    const { messages } = await pglite.execProtocol(
      batch([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return protocolResults.parseResults(messages, pglite.parsers)[0]!;
  }

  return (sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> =>
    options?.name
      ? pglite._runExclusiveQuery(() => run(options.name!, sql, params))
      : pglite.query(sql, params);
}

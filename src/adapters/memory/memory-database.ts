import { AsyncLocalStorage } from 'node:async_hooks';
import { copyTables, emptyTables, type Tables } from './tables';

/** What a repository works on: the committed tables, or one transaction's working copy. */
export interface Scope {
  /** The tables as this scope sees them (a transaction sees its own writes). */
  read(): Tables;
  /**
   * Runs one statement. `statement` must check everything before it changes anything, so a
   * refused statement leaves no trace (as one SQL statement is all or nothing).
   */
  write<T>(statement: (tables: Tables) => T): Promise<T>;
  /** PostgreSQL's now(): the transaction's start, or this moment outside one. */
  now(): Date;
}

interface Transaction {
  tables: Tables;
  startedAt: Date;
  /** A statement failed: like PostgreSQL, the rest of the transaction is refused and discarded. */
  failed: boolean;
  ended: boolean;
}

const outside = (what: string) =>
  new Error(
    `${what} outside the transaction while it runs: use the repositories the transaction hands ` +
      'you (on PGlite, with its single connection, this would wait forever)',
  );

/**
 * The data of an in-memory store and the rules of access to it, as PostgreSQL's read committed:
 * reads outside a transaction see what is committed; a transaction works on its own copy,
 * committed when its work resolves and dropped when it throws. Transactions and writes outside
 * them take one lock, so they run one at a time (row locks made coarse). Ids come from
 * sequences that, like PostgreSQL's, are not rolled back.
 */
export class MemoryDatabase {
  private committed: Tables = emptyTables();
  private readonly sequences = new Map<string, number>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly current = new AsyncLocalStorage<Transaction>();
  private closed = false;

  constructor(private readonly clock: () => Date = () => new Date()) {}

  /** The next id of a table's serial column, from 1. */
  nextId(table: string): number {
    const id = (this.sequences.get(table) ?? 0) + 1;
    this.sequences.set(table, id);
    return id;
  }

  /** The committed tables, for a test that must look past the ports (as SQL would). */
  get tables(): Tables {
    return this.committed;
  }

  close(): void {
    this.closed = true;
  }

  ping(): void {
    this.assertUsable('A query');
  }

  /** Statements outside any transaction: each one on its own, under the lock. */
  readonly autocommit: Scope = {
    read: () => {
      this.assertUsable('A read');
      return this.committed;
    },
    write: async (statement) => {
      this.assertUsable('A write');
      return this.locked(async () => statement(this.committed));
    },
    now: () => this.clock(),
  };

  /** Runs `work` in a transaction whose repositories are built on the scope it is handed. */
  async transaction<T>(work: (scope: Scope) => Promise<T>): Promise<T> {
    this.assertUsable('A transaction');
    return this.locked(async () => {
      const tx: Transaction = {
        tables: copyTables(this.committed),
        startedAt: this.clock(),
        failed: false,
        ended: false,
      };
      try {
        const result = await this.current.run(tx, () => work(this.scopeOf(tx)));
        // A failed statement that work swallowed: PostgreSQL turns the COMMIT into a ROLLBACK.
        if (!tx.failed) this.committed = tx.tables;
        return result;
      } finally {
        tx.ended = true;
      }
    });
  }

  private scopeOf(tx: Transaction): Scope {
    const usable = () => {
      if (tx.ended) throw new Error('This transaction has already ended');
      if (tx.failed) {
        throw new Error('The transaction is aborted: a statement in it failed earlier');
      }
      return tx.tables;
    };
    return {
      read: usable,
      write: async (statement) => {
        const tables = usable();
        try {
          return statement(tables);
        } catch (error) {
          tx.failed = true;
          throw error;
        }
      },
      now: () => tx.startedAt,
    };
  }

  private locked<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private assertUsable(what: string): void {
    if (this.closed) throw new Error('The store is closed');
    const tx = this.current.getStore();
    if (tx && !tx.ended) throw outside(what);
  }
}

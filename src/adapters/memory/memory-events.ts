import type { EventRepository } from '../../app/ports';
import type { MarketEvent } from '../../domain/entities';
import { timestamp } from './columns';
import type { MemoryDatabase, Scope } from './memory-database';
import { frozen, type Tables } from './tables';

type Audience = Pick<MarketEvent, 'topic' | 'subjectId' | 'userIds' | 'admins' | 'public'>;

/**
 * What the PostgreSQL triggers do (migrations/20250101000007_reputation_events.ts): every write
 * a screen shows appends an event, in the same transaction.
 */
export function emit(db: MemoryDatabase, scope: Scope, tables: Tables, event: Audience) {
  const id = BigInt(db.nextId('events'));
  tables.events.set(id, frozen({ ...event, id, createdAt: timestamp(scope.now()) }));
}

const copy = (e: Readonly<MarketEvent>): MarketEvent => ({ ...e, userIds: [...e.userIds] });

export class MemoryEventRepository implements EventRepository {
  constructor(private readonly scope: Scope) {}

  async since(afterId: bigint, limit: number): Promise<MarketEvent[]> {
    return [...this.scope.read().events.values()]
      .filter((e) => e.id > afterId)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit)
      .map(copy);
  }

  async findById(id: bigint): Promise<MarketEvent | null> {
    const found = this.scope.read().events.get(id);
    return found ? copy(found) : null;
  }

  async latestId(): Promise<bigint> {
    let latest = 0n;
    for (const id of this.scope.read().events.keys()) if (id > latest) latest = id;
    return latest;
  }

  prune(before: Date): Promise<number> {
    return this.scope.write((tables) => {
      let gone = 0;
      for (const [id, e] of tables.events) {
        if (Date.parse(e.createdAt) < before.getTime()) {
          tables.events.delete(id);
          gone += 1;
        }
      }
      return gone;
    });
  }
}

import type { MarketEvent } from '../../domain/entities';
import type { Caller } from '../context';
import type { Store } from '../ports';

/** Whether `caller` may hear of `event` (a visitor hears only public ones). */
export function mayHear(caller: Caller | null, event: MarketEvent): boolean {
  if (event.public) return true;
  if (!caller) return false;
  return event.userIds.includes(caller.userId) || (event.admins && caller.isAdmin);
}

const PAGE = 500;

/**
 * What a reconnecting stream missed: the events after `lastId` that the caller may hear of.
 * `null` when too much was missed (the log only goes back so far): reload everything.
 */
export function eventsSince(deps: { store: Store }) {
  return async (caller: Caller | null, lastId: bigint) => {
    const events = await deps.store.events.since(lastId, PAGE);
    if (events.length === PAGE) return null;
    if (lastId > 0n && events.length === 0 && lastId > (await deps.store.events.latestId())) {
      return null; // an id from another database (or a pruned past): start over
    }
    return events.filter((e) => mayHear(caller, e));
  };
}

import { badValue } from '../schema/constraint-errors';
import type { Scope } from './memory-database';

/** Lists the knex store writes as JSON text, where a NUL travels escaped. */
const AS_JSON = new Set(['images', 'deliveryImages', 'uploadedFiles']);

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.entries(value).some(([key, v]) => !AS_JSON.has(key) && holdsNul(v));
  }
  return false;
}

/**
 * The repository, refusing any call with text holding a NUL character as PostgreSQL refuses
 * such a parameter (its text cannot hold one): a failed statement, whatever the call.
 */
export function refusingNul<T extends object>(repository: T, scope: Scope): T {
  return new Proxy(repository, {
    get(target, key, receiver) {
      const member: unknown = Reflect.get(target, key, receiver);
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) =>
        holdsNul(args)
          ? scope.write(() => {
              throw badValue();
            })
          : member.apply(target, args);
    },
  });
}

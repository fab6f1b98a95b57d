import type { Knex } from 'knex';
import { guard } from './db-errors';

/** How many orders are in each status (for the operator's metrics). */
export function countOrdersByStatus(knex: Knex): Promise<Record<string, number>> {
  return guard(async () => {
    const rows = (await knex('orders').select('status').count({ n: '*' }).groupBy('status')) as {
      status: string;
      n: bigint | number | string;
    }[];
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  });
}

import type { Knex } from 'knex';

// Abuse limits shared by every server process on one database (rate-limiter-flexible's
// PostgreSQL store: its own column names; `expire` is epoch milliseconds).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE rate_limits (
    key varchar(255) PRIMARY KEY,
    points integer NOT NULL DEFAULT 0,
    expire bigint
  )`);
  await knex.raw('CREATE INDEX rate_limits_expire_idx ON rate_limits (expire)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE rate_limits');
}

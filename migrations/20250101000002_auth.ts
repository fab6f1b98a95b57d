import type { Knex } from 'knex';

// Sign-in with a wallet: one-time nonces and server-side sessions (DESIGN.md, trust model).
const statements = [
  `CREATE TABLE sessions (
    token_hash text PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    wallet_address text NOT NULL,
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX sessions_user_idx ON sessions (user_id)`,
  `CREATE INDEX sessions_expires_idx ON sessions (expires_at)`,
  `CREATE TABLE sign_in_nonces (
    nonce text PRIMARY KEY,
    wallet_address text NOT NULL,
    message text NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX sign_in_nonces_expires_idx ON sign_in_nonces (expires_at)`,
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of statements) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS sign_in_nonces');
  await knex.raw('DROP TABLE IF EXISTS sessions');
}

import type { Knex } from 'knex';
import { migrationSource } from '@src/adapters/db/migrations';

// For the knex CLI (`node --import tsx node_modules/knex/bin/cli.js migrate:latest`) against
// PostgreSQL. The app and the CLI of this project migrate through src/adapters/db/migrations.ts,
// which also handles the embedded PGlite; both use this same explicit migration source.
const config: Knex.Config = {
  client: 'pg',
  connection: process.env.DATABASE_URL,
  migrations: { migrationSource },
};

export default config;

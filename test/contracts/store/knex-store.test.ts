import { knexStore } from '@test/support/knex-store-kind';
import { storeContract } from './all.suite';

// PGlite, or PostgreSQL when DATABASE_URL is set.
storeContract(knexStore);

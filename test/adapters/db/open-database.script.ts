// Run by pglite-lock.test.ts in a child process: opens the embedded database in argv[2].
import { createKnex } from '../../../src/adapters/db/knex-factory';

try {
  const knex = await createKnex({ dataDir: process.argv[2]! });
  await knex.destroy();
  console.log('opened');
} catch (error) {
  console.log((error as Error).message);
  process.exitCode = 3;
}

// Run by pglite-lock.test.ts in a child process: opens the embedded database in argv[2];
// with argv[3] "hold" it prints "opened" and keeps it open until it is killed.
import { createKnex } from '@src/adapters/db/knex-factory';

try {
  const knex = await createKnex({ dataDir: process.argv[2]! });
  if (process.argv[3] === 'hold') {
    await knex.raw('select 1');
    console.log('opened');
    setInterval(() => undefined, 60_000);
  } else {
    await knex.destroy();
    console.log('opened');
  }
} catch (error) {
  console.log((error as Error).message);
  process.exitCode = 3;
}

import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Short hash of the migration files and the PGlite version: names a template database. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const dir = path.join(root, 'migrations');
  for (const name of readdirSync(dir).sort()) {
    hash.update(name).update(readFileSync(path.join(dir, name)));
  }
  const pglite = path.join(root, 'node_modules/@electric-sql/pglite/package.json');
  hash.update((JSON.parse(readFileSync(pglite, 'utf8')) as { version: string }).version);
  return hash.digest('hex').slice(0, 12);
}

import type { Knex } from 'knex';

// Uploads kept in PostgreSQL, shared by every server process (UPLOAD_STORE=postgres). The bytes
// are content-addressed (one row per distinct SHA-256, however many names point at it); every
// stored file keeps its own random name, as on disk. EXTERNAL storage: images and PDFs are
// compressed already, and uncompressed TOAST lets a reader fetch a slice without the whole value.
const statements = [
  `CREATE TABLE upload_blobs (
    sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    size integer NOT NULL CHECK (size > 0),
    bytes bytea NOT NULL,
    created_at timestamptz(3) NOT NULL DEFAULT now()
  )`,
  `ALTER TABLE upload_blobs ALTER COLUMN bytes SET STORAGE EXTERNAL`,
  `CREATE TABLE upload_files (
    name text PRIMARY KEY,
    sha256 text NOT NULL REFERENCES upload_blobs (sha256),
    mime text NOT NULL,
    created_at timestamptz(3) NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX upload_files_sha256 ON upload_files (sha256)`,
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of statements) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS upload_files');
  await knex.raw('DROP TABLE IF EXISTS upload_blobs');
}

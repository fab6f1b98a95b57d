import type { Knex } from 'knex';
import { up as asMigration12Made } from './20250101000012_wire_image_field';

// Migration 12's wire_image_field trimmed with E' \t\n\r\f\v', but PostgreSQL has no \v
// escape: it trimmed the letter v (a stored 'vase.jpg' read as 'ase.jpg'), and it kept the
// Unicode spaces JavaScript's trim() takes away (no-break space, BOM, line separator ...). The
// edit guard and the sale's kept listing compare its answer with the contract's reading, so
// such a row could never be edited. The same function, trimming exactly what trim() trims.
const TRIMMED = [
  9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201,
  8202, 8232, 8233, 8239, 8287, 12288, 65279,
]
  .map((code) => `chr(${code})`)
  .join(' || ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION wire_image_field(raw text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
    DECLARE
      spaces CONSTANT text := ${TRIMMED};
      t text;
      parsed json;
      items text[];
    BEGIN
      IF raw IS NULL OR raw = '' THEN
        RETURN NULL;
      END IF;
      t := btrim(raw, spaces);
      IF left(t, 1) = '[' THEN
        BEGIN
          parsed := t::json;
        EXCEPTION WHEN others THEN
          RETURN NULL;
        END;
        IF json_typeof(parsed) <> 'array' THEN
          RETURN NULL;
        END IF;
        SELECT array_agg(e #>> '{}' ORDER BY i) INTO items
          FROM json_array_elements(parsed) WITH ORDINALITY AS x(e, i)
         WHERE json_typeof(e) = 'string' AND e #>> '{}' <> '';
      ELSIF left(t, 5) = 'data:' THEN
        items := ARRAY[t];
      ELSE
        SELECT array_agg(btrim(p, spaces) ORDER BY i) INTO items
          FROM unnest(string_to_array(t, ',')) WITH ORDINALITY AS x(p, i)
         WHERE btrim(p, spaces) <> '';
      END IF;
      IF items IS NULL THEN
        RETURN NULL;
      END IF;
      RETURN array_to_json(items)::text;
    END
    $fn$`);
}

export async function down(knex: Knex): Promise<void> {
  await asMigration12Made(knex);
}

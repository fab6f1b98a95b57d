import type { Knex } from 'knex';

// A product's image field as the API sends it, computed by the database for pages the catalogue
// encodes in SQL (knex-product-repository.ts, listEncoded): the stored text read as the contract
// reads it (src/contracts/image-field.ts, readImageField: a JSON array of URLs, or legacy
// comma-separated or single values, a data URL kept whole; text that opens an array but is not
// one reads as none) and written back as the contract writes it (imageFieldOf: a JSON array, or
// null for none). test/contracts/store pins the two equal, byte for byte.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(String.raw`
    CREATE OR REPLACE FUNCTION wire_image_field(raw text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
    DECLARE
      t text;
      parsed json;
      items text[];
    BEGIN
      IF raw IS NULL OR raw = '' THEN
        RETURN NULL;
      END IF;
      t := btrim(raw, E' \t\n\r\f\v');
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
        SELECT array_agg(btrim(p, E' \t\n\r\f\v') ORDER BY i) INTO items
          FROM unnest(string_to_array(t, ',')) WITH ORDINALITY AS x(p, i)
         WHERE btrim(p, E' \t\n\r\f\v') <> '';
      END IF;
      IF items IS NULL THEN
        RETURN NULL;
      END IF;
      RETURN array_to_json(items)::text;
    END
    $fn$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS wire_image_field(text)');
}

import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { INT8, parseInt8 } from './int8';

/** Options every PGlite we open shares: the trigram extension and the int8 parser. */
export function pgliteOptions() {
  return { extensions: { pg_trgm }, parsers: { [INT8]: parseInt8 } };
}

/**
 * MySQL/MariaDB: an update of a searched column writes only the trigrams that changed
 * (search-index-sql.ts, trigramRoutines). Until now the update trigger deleted the trigrams the
 * new value lacks and then offered every trigram of the new value again, each a key lookup in
 * the side table even when `insert ignore` skipped it: editing a member's nickname cost 4.7
 * times PostgreSQL's update (docs/bench-scale.md, "Writes"). Up gives every trigram index (the
 * core's and each module table's, found as 0028 finds them) the new routines; the postings stay,
 * the same set either way. Down writes 0028's form again. Other databases: nothing.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import type { AnyDb } from './columns.js';
import { renewTrigramRoutines } from './trigram-indexes.js';

export function changedTrigramsMigration(dialect: Dialect, prefix: string): Migration {
  const renew = async (db: AnyDb, form: 'changed-trigrams' | 'every-trigram') => {
    // Each form with the removal it had (0036 changed it).
    if (dialect === 'mysql')
      await renewTrigramRoutines(db, prefix, async () => ({ form, removal: 'derived' }));
  };
  return {
    up: (db) => renew(db, 'changed-trigrams'),
    down: (db) => renew(db, 'every-trigram'),
  };
}

/**
 * The writes most resources make the same way: updating the one row an edit names, refused
 * as "Record not found" when there is none, and deleting the rows a delete names, answering
 * how many went (crud/resource.ts refuses a delete that removed nothing).
 */
import { ApiError } from '../http/errors.js';
import type { WriteContext } from './write-context.js';

/** An update of one row by id, built but not run. */
interface RowUpdate {
  executeTakeFirst(): Promise<{ numUpdatedRows: bigint }>;
}

/** Runs the update; "Record not found" when it matched no row. */
export async function updateFoundRow(update: RowUpdate): Promise<void> {
  const changed = await update.executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) throw new ApiError('Record not found');
}

/**
 * A resource's `del` that removes the rows with those ids and nothing else. `table` is a
 * table of the schema; the cast narrows Kysely's table union as the resources do.
 */
export function deleteRowsById(table: string) {
  return async (ids: number[], w: WriteContext): Promise<number> => {
    const result = await w.trx
      .deleteFrom(table as 'content')
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  };
}

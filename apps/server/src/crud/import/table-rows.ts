/**
 * The rows a reader finds, as it finds them: blank ones dropped, every other one counted, and
 * only as many kept as an import can take (its header and IMPORT_MAX_ROWS), so a file of a
 * million rows costs no more memory than one of two thousand and can still be refused with
 * its count. A row wider than an import can map is refused at once.
 */
import { IMPORT_MAX_ROWS } from '@portico/shared';
import { ApiError } from '../../http/errors.js';

export const MAX_COLUMNS = 100;

export const tooManyColumns = () => new ApiError('The file has more than %s columns', [MAX_COLUMNS]);

export class TableRows {
  /** The first rows that are not blank: the header, then up to IMPORT_MAX_ROWS data rows. */
  readonly kept: string[][] = [];
  /** How many rows are not blank, the header included. */
  count = 0;

  add(row: string[]): void {
    if (row.length > MAX_COLUMNS) throw tooManyColumns();
    if (!row.some((cell) => cell.trim() !== '')) return;
    this.count++;
    if (this.kept.length <= IMPORT_MAX_ROWS) this.kept.push(row);
  }
}

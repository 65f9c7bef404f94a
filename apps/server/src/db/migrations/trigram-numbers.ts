/**
 * Which source of positions the MySQL/MariaDB trigram statements use (search-index-sql.ts):
 * MariaDB's sequence engine where the server has it, a recursive CTE otherwise (MySQL).
 */
import { sql } from 'kysely';
import type { TrigramNumbers } from '../search-index-sql.js';
import type { AnyDb } from './columns.js';

const ER_NO_SUCH_TABLE = 1146;

export async function trigramNumbers(db: AnyDb): Promise<TrigramNumbers> {
  try {
    await sql`select seq from seq_1_to_3`.execute(db);
    return 'sequence';
  } catch (error) {
    // Only "no such table" means no sequence engine. Any other failure (the connection lost)
    // is the caller's: taken for MySQL, the next statement would fail without saying why.
    if ((error as { errno?: number }).errno === ER_NO_SUCH_TABLE) return 'recursive';
    throw error;
  }
}

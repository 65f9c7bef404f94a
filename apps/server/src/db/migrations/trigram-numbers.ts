/**
 * Which source of positions the MySQL/MariaDB trigram statements use (search-index-sql.ts):
 * MariaDB's sequence engine where the server has it, a recursive CTE otherwise (MySQL).
 */
import { sql } from 'kysely';
import type { TrigramNumbers } from '../search-index-sql.js';
import type { AnyDb } from './columns.js';

export async function trigramNumbers(db: AnyDb): Promise<TrigramNumbers> {
  try {
    await sql`select seq from seq_1_to_3`.execute(db);
    return 'sequence';
  } catch {
    return 'recursive';
  }
}

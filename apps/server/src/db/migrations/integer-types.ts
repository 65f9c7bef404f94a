/**
 * MySQL/MariaDB: the integer types a table's key and a trigram procedure's key parameter were
 * declared with, for the trigram side tables and routines that must take the same type.
 */
import { sql } from 'kysely';
import type { AnyDb } from './columns.js';

/** An integer column's type without its display width (`int unsigned`), `int` when it is none. */
export async function integerColumnType(db: AnyDb, table: string, column: string): Promise<string> {
  const { rows } = await sql<{ type: string }>`select column_type as type from information_schema.columns
    where table_schema = database() and table_name = ${table} and column_name = ${column}`.execute(db);
  return integerType(rows[0]?.type);
}

/** The type of a procedure's integer parameter, as integerColumnType gives a column's. */
export async function integerParameterType(db: AnyDb, procedure: string, parameter: string): Promise<string> {
  const { rows } = await sql<{
    type: string;
  }>`select dtd_identifier as type from information_schema.parameters
    where specific_schema = database() and specific_name = ${procedure} and parameter_name = ${parameter}`.execute(
    db,
  );
  return integerType(rows[0]?.type);
}

function integerType(declared: string | undefined): string {
  const type = (declared ?? '').toLowerCase().replace(/\(\d+\)/, '');
  return /^(tinyint|smallint|mediumint|int|bigint)( unsigned)?$/.test(type) ? type : 'int';
}

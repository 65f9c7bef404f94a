/**
 * MySQL/MariaDB: a trigram index kept as posting segments and a pending list, as PostgreSQL's
 * GIN index keeps its own, for the tables whose writes the side table of search-index-sql.ts
 * made too dear (SEGMENTED_TABLES: the members). A side table holds one InnoDB row per posting,
 * about 57 a member: 3-4 µs each with every page in memory and a page miss each at a million
 * members, so a member insert cost 5-6 times PostgreSQL's (docs/bench-scale.md, "Writes").
 *
 * - `<table>_tpending`: the ids whose searched values changed since they were merged. The
 *   triggers write only this, one row a write.
 * - `<table>_tseg`: one row per trigram per merge batch, holding the ids of that batch's rows
 *   whose values hold the trigram, packed (encodeIds). A merge of 20,000 members writes about
 *   as many rows as they have distinct trigrams (a few thousand), not 1.1 million postings.
 *
 * A row's current value is posted in the segment of the last batch that merged it; earlier
 * segments may still hold its id under trigrams its value no longer has (an update), or hold a
 * deleted row's id. Both are harmless: every candidate is checked against its row (LIKE).
 * A search's candidates are the pending ids and the ids every chosen trigram's segments hold;
 * the pending list is read before the segments, so a merge between the two reads loses nothing.
 */
import { anyChanged } from './search-index-sql.js';

/** Tables whose MySQL trigram index is segments (migration 0037), not a side table. */
export const SEGMENTED_TABLES: readonly string[] = ['user'];

export interface SegmentNames {
  /** The prefixed table. */
  table: string;
  segments: string;
  pending: string;
  /** The triggers are this with `_ai` and `_au`. */
  triggers: string;
}

export function segmentNames(prefix: string, table: string): SegmentNames {
  const base = `${prefix}${table}`;
  return { table: base, segments: `${base}_tseg`, pending: `${base}_tpending`, triggers: `${base}_tseg` };
}

/** Logical names of a segmented table's two tables, for the table-prefix compiler. */
export const segmentTables = (table: string) => [`${table}_tseg`, `${table}_tpending`];

/** Bytes an id takes in a segment: unsigned 32-bit, little-endian (the members' `int unsigned`). */
export const ID_BYTES = 4;

/** Sorted, distinct ids packed for a segment's `ids` column. */
export function encodeIds(ids: ArrayLike<number>): Buffer {
  const packed = Buffer.allocUnsafe(ids.length * ID_BYTES);
  for (let i = 0; i < ids.length; i++) packed.writeUInt32LE(ids[i] as number, i * ID_BYTES);
  return packed;
}

/** A segment's ids, in the order they were packed (ascending). */
export function decodeIds(packed: Uint8Array): Uint32Array {
  const ids = new Uint32Array(packed.length / ID_BYTES);
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  for (let i = 0; i < ids.length; i++) ids[i] = view.getUint32(i * ID_BYTES, true);
  return ids;
}

/**
 * The two tables. `trigram` compares byte for byte, as the side table's does. A segment's key
 * is its trigram, its last id and its batch (the pending list's last `seq` it merged), so the
 * segments of a trigram are read from either end of the id order and no two batches collide.
 */
export function segmentTablesDdl({ segments, pending }: SegmentNames, keyType: string): string[] {
  return [
    `create table if not exists \`${segments}\` (
      trigram varchar(3) character set utf8mb4 collate utf8mb4_bin not null,
      last_id ${keyType} not null,
      batch bigint unsigned not null,
      first_id ${keyType} not null,
      n int unsigned not null,
      ids mediumblob not null,
      primary key (trigram, last_id, batch)
    ) engine=InnoDB`,
    `create table if not exists \`${pending}\` (
      seq bigint unsigned not null auto_increment primary key,
      id ${keyType} not null
    ) engine=InnoDB`,
  ];
}

/**
 * The triggers: a new row's id, and a row's whose key or searched values changed, go on the
 * pending list. A delete writes nothing: the row's postings name a row no longer there.
 */
export function pendingTriggers(
  { table, pending, triggers }: SegmentNames,
  columns: readonly string[],
): string[] {
  return [
    `create trigger \`${triggers}_ai\` after insert on \`${table}\` for each row
       insert into \`${pending}\` (id) values (new.id)`,
    `create trigger \`${triggers}_au\` after update on \`${table}\` for each row
       if old.id <> new.id or ${anyChanged(columns)} then
         insert into \`${pending}\` (id) values (new.id);
       end if`,
  ];
}

/** Drops the triggers, then the tables. */
export function segmentsDown({ segments, pending, triggers }: SegmentNames): string[] {
  return [
    ...['ai', 'au'].map((suffix) => `drop trigger if exists \`${triggers}_${suffix}\``),
    `drop table if exists \`${segments}\``,
    `drop table if exists \`${pending}\``,
  ];
}

/**
 * Seeds the run's database: the project's own migrations and super administrator, then
 * members and admin-log entries in batches of one INSERT … SELECT each, over a helper table
 * of sequential numbers. Rows go in through the tables' triggers (the SQLite search indexes
 * are kept by triggers), so every index the migrations made stays consistent; the SQLite
 * search indexes are merged into one segment afterwards, as after a bulk load, and statistics are
 * gathered, as a database that has run for a while has them.
 */
import { type Kysely, sql } from 'kysely';
import { hashPassword } from '../../apps/server/src/auth/passwords.js';
import { type Db, openDatabase } from '../../apps/server/src/db/connection.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import type { Database } from '../../apps/server/src/db/schema.js';
import { mergeSearchIndexes } from '../../apps/server/src/db/search-index-upkeep.js';
import { mergeSegments } from '../../apps/server/src/db/segment-merge.js';
import { ensureSuperAdmin } from '../../apps/server/src/setup/super-admin.js';
import { describeSizes, searchIndexBytes } from './index-size.js';
import { logColumns, memberColumns } from './seed-rows.js';
import { type Expr, sqlKit } from './sql-kit.js';

export const TABLE_PREFIX = 'ba_';
const BATCH = 100_000;
/** The tables the seed fills. */
const SEEDED = ['user', 'admin_log'];
const SEQUENCE = 'bench_seq';
const DIGITS = 'bench_digit';

export interface SeedResult {
  password: string;
  seconds: Record<string, number>;
}

export async function seedDatabase(url: string, members: number, logs: number): Promise<SeedResult> {
  const db = await openDatabase(url, TABLE_PREFIX);
  const seconds: Record<string, number> = {};
  const timed = stepTimer(seconds);
  try {
    await bulkLoadPragmas(db);
    await timed('migrations', () => migrateToLatest(db));
    const password = (await ensureSuperAdmin(db)) ?? '';
    const groupIds = await memberGroups(db);
    const passwordHash = await hashPassword('bench-member-password');
    const kit = sqlKit(db.dialect);
    await createSequence(db.kysely);
    // MySQL's members' index is merged from its pending list (db/segment-merge.ts): timed with the seed.
    const memberStep = `members (${members.toLocaleString('en')})${mergeNote(db)}`;
    await timed(memberStep, async () => {
      await insertBatches(db, 'user', members, (id) =>
        memberColumns(kit, id, members, groupIds, passwordHash),
      );
      await mergeSegments(db, 'user');
    });
    const logStep = `admin log (${logs.toLocaleString('en')})`;
    await timed(logStep, () => insertBatches(db, 'admin_log', logs, (id) => logColumns(kit, id, logs)));
    await dropSequence(db.kysely);
    await timed('sequences', () => advanceSequences(db, SEEDED));
    if (db.dialect === 'sqlite')
      await timed('search index merge', () => mergeSearchIndexes(db, { full: true }));
    await timed('statistics', () => gatherStatistics(db, SEEDED));
    const rate = (rows: number, step: string) =>
      Math.round(rows / (seconds[step] ?? Number.NaN)).toLocaleString('en');
    console.log(`  rows per second: members ${rate(members, memberStep)}, admin log ${rate(logs, logStep)}`);
    console.log(`  search index size: ${describeSizes(await searchIndexBytes(db, SEEDED))}`);
    return { password, seconds };
  } finally {
    await db.close();
  }
}

/** Where the members' search index is merged after their insert, the step says so. */
const mergeNote = (db: Db) => (db.dialect === 'mysql' ? ', segments merged' : '');

/** Runs a seed step, printing and keeping its time in seconds. */
export function stepTimer(seconds: Record<string, number>) {
  return async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    seconds[step] = (performance.now() - started) / 1000;
    console.log(`  ${step}: ${seconds[step].toFixed(1)} s`);
    return result;
  };
}

/** SQLite: the seed's own connection writes without syncing; a crash mid-seed only loses a throw-away database. */
export async function bulkLoadPragmas(db: Db): Promise<void> {
  if (db.dialect !== 'sqlite') return;
  await sql`pragma synchronous = off`.execute(db.kysely);
  await sql`pragma cache_size = -262144`.execute(db.kysely);
}

/** The fresh install's member group plus two more, so group filters and the group join have work. */
async function memberGroups(db: Db): Promise<number[]> {
  const time = Math.floor(Date.now() / 1000);
  for (const name of ['Silver members', 'Gold members']) {
    await db.kysely
      .insertInto('user_group')
      .values({ name, rules: '', status: '1', update_time: time, create_time: time })
      .execute();
  }
  const rows = await db.kysely.selectFrom('user_group').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** 0 … BATCH-1 from ten digits crossed five times: the same statements on every dialect. */
export async function createSequence(kysely: Kysely<Database>): Promise<void> {
  for (const name of [DIGITS, SEQUENCE])
    await sql`create table ${sql.table(name)} (n integer primary key)`.execute(kysely);
  await sql`insert into ${sql.table(DIGITS)} (n) values ${sql.join(Array.from({ length: 10 }, (_, d) => sql`(${sql.lit(d)})`))}`.execute(
    kysely,
  );
  const places = ['a', 'b', 'c', 'd', 'e'];
  const sum = sql.join(
    places.map((alias, place) => sql`${sql.ref(`${alias}.n`)} * ${sql.lit(10 ** place)}`),
    sql` + `,
  );
  const from = sql.join(places.map((alias) => sql`${sql.table(DIGITS)} ${sql.raw(alias)}`));
  await sql`insert into ${sql.table(SEQUENCE)} (n) select ${sum} from ${from}`.execute(kysely);
}

export async function dropSequence(kysely: Kysely<Database>): Promise<void> {
  for (const name of [SEQUENCE, DIGITS]) await sql`drop table ${sql.table(name)}`.execute(kysely);
}

export async function insertBatches(
  db: Db,
  table: string,
  rows: number,
  columns: (id: Expr) => Record<string, Expr>,
): Promise<void> {
  for (let offset = 0; offset < rows; offset += BATCH) {
    const size = Math.min(BATCH, rows - offset);
    await insertSelect(db, table, size, offset + 1, columns);
    process.stdout.write(`\r    ${table}: ${(offset + size).toLocaleString('en')}`);
  }
  process.stdout.write('\n');
}

/**
 * One INSERT … SELECT of `size` rows (at most the sequence's BATCH) whose ids run from
 * `firstId`, over the sequence createSequence made, in id order: as a site's rows are stored.
 * The sequence's rows lie in its cross join's order; read so, a batch's rows next in id order
 * were stored ~380 pages apart in PostgreSQL's heap, and a walk of 30,000 ids read 30,000 pages.
 */
export async function insertSelect(
  db: Db,
  table: string,
  size: number,
  firstId: number,
  columns: (id: Expr) => Record<string, Expr>,
): Promise<void> {
  if (size > BATCH) throw new Error(`at most ${BATCH} rows in one statement`);
  const values = columns(sql`(${sql.ref('s.n')} + ${sql.lit(firstId)})`);
  const names = Object.keys(values);
  await sql`insert into ${sql.table(table)} (${sql.join(names.map((name) => sql.ref(name)))})
    select ${sql.join(Object.values(values))}
    from ${sql.table(SEQUENCE)} s where ${sql.ref('s.n')} < ${sql.lit(size)}
    order by ${sql.ref('s.n')}`.execute(db.kysely);
}

/**
 * Rows were given their ids, so PostgreSQL's serial sequences must be moved past them (the
 * server's own inserts would collide otherwise); SQLite and MariaDB follow the largest id.
 */
export async function advanceSequences(db: Db, tables: readonly string[]): Promise<void> {
  if (db.dialect !== 'postgres') return;
  for (const table of tables) {
    const name = `${TABLE_PREFIX}${table}`;
    await sql`select setval(pg_get_serial_sequence(${name}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
      db.kysely,
    );
  }
}

export async function gatherStatistics(db: Db, tables: readonly string[]): Promise<void> {
  if (db.dialect === 'sqlite') await sql`analyze`.execute(db.kysely);
  else if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
  else for (const table of tables) await sql`analyze table ${sql.table(table)}`.execute(db.kysely);
}

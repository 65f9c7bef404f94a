/**
 * MySQL/MariaDB `%text%` searches through the trigram side tables of
 * db/migrations/0013-like-indexes.ts: a row can contain the text only if its postings hold
 * every trigram of the text, so the ids in the postings of its rarest trigrams (joined) are
 * the candidates, which the LIKE beside it then checks; MariaDB reads them in id order, so a
 * page in id order stops after its matches. Shorter texts have no trigram and
 * are answered by LIKE alone. A table whose index is segments instead (the members,
 * db/trigram-segments.ts) has its candidates listed by crud/segment-search.ts.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { trigramIndexedTables, trigramIndexOf } from '../db/search-registry.js';
import { segmentNames } from '../db/trigram-segments.js';
import type { ListDialect } from './list-dialect.js';
import type { ListField, ListParams, ListSpec } from './list-params.js';
import { PAGES_AHEAD } from './list-total.js';
import { tracePage } from './list-trace.js';
import { quickFieldsFor } from './quick-fields.js';
import { SEGMENT_TUNING, type SegmentTuning, segmentCandidates, type VerifyIds } from './segment-search.js';
import { heldToo, TRIGRAM, trigramAt } from './trigram-postings.js';
import { WALK_TUNING, type WalkTuning, walkIsShort } from './trigram-walk.js';

type Condition = RawBuilder<SqlBool>;

/** Trigrams whose postings are estimated to find the rarest (evenly spread over the text). */
const CONSIDERED = 12;
/**
 * Postings from which a trigram is common, for a list sorted by another column than the key
 * (EXPLAIN's estimate, about twice the postings): reading them costs more than scanning.
 * Its candidates must all be looked up and sorted (about 2 µs each), while the order's index,
 * checked row by row (about 0.35 µs a row), finds the 120 matches of a page and its counting
 * window within 120 / (matches per row) rows. Measured on a million members sorted by last
 * login: `ser9` (6,947 postings) 15 ms from candidates, 6 ms along the index; `harb` (two
 * trigrams of 50,000 postings each) 1,400 ms from candidates, 7 ms along the index.
 */
const COMMON_OUT_OF_ID_ORDER = 5_000;
/**
 * Rarest trigrams looked up. The first's postings are read; each other is one key lookup per
 * posting still in (about 2 µs), against the row lookup it saves, which is random and, where
 * the table outgrows the buffer pool, a page read: `13888` in members' mobiles had 11,176
 * postings for its rarest trigram, 1,128 with the second and 246 with the third (188 matches).
 */
const LOOKUPS = 3;

/** What the list compiler needs: which tables have a side table, and which trigrams to read. */
export interface TrigramPick {
  /** 1-based start positions of the side table's trigrams to read ([] means: scan, all common). */
  starts: number[];
  /** The estimated postings of the rarest. */
  postings: number;
  /** A segmented index's candidates (crud/segment-search.ts); null: scan. */
  ids?: readonly number[] | null;
}

export interface TrigramLookups {
  tables: ReadonlySet<string>;
  /** `table text` → what to read for it. */
  picks: ReadonlyMap<string, TrigramPick>;
}

export const NO_TRIGRAMS: TrigramLookups = { tables: new Set(), picks: new Map() };

/** What a list's reader knows beyond its parameters, for a segmented index's candidates. */
export interface TrigramReader {
  /** The list's rows among some ids; absent: every match is wanted (an export). */
  verify?: VerifyIds;
  /** The table counts its filtered lists in a window (crud/list-total.ts, isLargeTable). */
  large?: () => Promise<boolean>;
  /** SEGMENT_TUNING, unless a test says otherwise. */
  segments?: SegmentTuning;
}

interface IndexedTables {
  /** Every table with an index: a side table or segments. */
  all: ReadonlySet<string>;
  segmented: ReadonlySet<string>;
}

const available = new WeakMap<Db, Promise<IndexedTables>>();

/**
 * Tables whose side table or segments exist (the migration makes none where triggers were
 * refused), among the core's and the modules' declared ones (db/search-registry.ts), asked
 * once per database: by the first list read, every enabled module's resource has declared its index.
 */
function trigramTables(db: Db): Promise<IndexedTables> {
  let found = available.get(db);
  if (!found) {
    found = (async () => {
      const declared = trigramIndexedTables();
      const sides = declared.map((table) => `${db.prefix}${table}_trigram`);
      const segments = declared.map((table) => segmentNames(db.prefix, table).segments);
      const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = database() and table_name in (${sql.join([...sides, ...segments])})`.execute(
        db.kysely,
      );
      const names = new Set(rows.map((row) => row.name));
      const segmented = declared.filter((table) => names.has(segmentNames(db.prefix, table).segments));
      const all = declared.filter((table) => names.has(`${db.prefix}${table}_trigram`));
      return { all: new Set([...all, ...segmented]), segmented: new Set(segmented) };
    })();
    available.set(db, found);
  }
  return found;
}

/**
 * Chooses, for the list's quick search and each LIKE on covered columns, the rarest trigrams
 * to read: MariaDB's planner does not weigh the lookups against each other well, and one
 * common trigram (`mem` of every `member…@` address) costs a million postings.
 */
export async function planTrigrams(
  db: Db,
  dialect: ListDialect,
  spec: ListSpec,
  params: ListParams,
  reader: TrigramReader = {},
  tuning: WalkTuning = WALK_TUNING,
): Promise<TrigramLookups> {
  if (!dialect.trigramPostings) return NO_TRIGRAMS;
  const { all: tables, segmented } = await trigramTables(db);
  const searches: { table: string; text: string; fields: ListField[] }[] = [];
  const quickFields = params.quickSearch
    ? quickFieldsFor(spec, params.quickSearch).map((name) => spec.fields[name] as ListField)
    : [];
  const quick = params.quickSearch ? coveringTable(quickFields, tables) : null;
  if (quick) searches.push({ table: quick, text: params.quickSearch, fields: quickFields });
  for (const item of params.search) {
    const field = spec.fields[item.field] as ListField;
    const table = item.operator === 'LIKE' ? coveringTable([field], tables) : null;
    if (table && typeof item.val === 'string') searches.push({ table, text: item.val, fields: [field] });
  }
  const inIdOrder = params.order.field === spec.pk;
  // In id order the postings are read in the key's order and stop after the page, however
  // many there are: the sample below weighs them against the walk. Out of it, all are sorted.
  const common = inIdOrder ? Number.POSITIVE_INFINITY : COMMON_OUT_OF_ID_ORDER;
  const needed = (params.page + PAGES_AHEAD) * params.limit + 1;
  const picks = new Map<string, TrigramPick>();
  for (const { table, text, fields } of searches) {
    const key = `${table} ${text}`;
    if (picks.has(key) || [...text].length < TRIGRAM) continue;
    if (segmented.has(table)) {
      const { ids, postings, way } = await segmentCandidates(
        db,
        {
          table,
          text,
          starts: consideredStarts(text),
          inIdOrder,
          direction: params.order.direction,
          needed,
          verify: reader.verify,
          large: inIdOrder && !!reader.large && (await reader.large()),
        },
        reader.segments ?? SEGMENT_TUNING,
      );
      tracePage(way);
      picks.set(key, { starts: [], postings, ids });
      continue;
    }
    const pick = await rarest(db, table, text, common);
    const [start] = pick.starts;
    let way = pick.starts.length > 0 ? 'postings' : 'common-walk';
    // In id order, a broad text whose matches lie near the end is found sooner by the walk.
    if (start !== undefined && inIdOrder && pick.postings >= tuning.probeFrom) {
      const question = {
        table,
        key: trigramIndexOf(table)?.key ?? 'id',
        text,
        fields,
        start,
        others: pick.starts.slice(1),
        direction: params.order.direction,
        needed,
      };
      const short = await walkIsShort(db, dialect, question, tuning);
      if (short) pick.starts = [];
      way = short ? 'sampled-walk' : 'sampled-postings';
    }
    tracePage(`${way}(${pick.postings})`);
    picks.set(key, pick);
  }
  return { tables, picks };
}

/** 1-based starts of the trigrams weighed: up to CONSIDERED, spread evenly over the text. */
function consideredStarts(text: string): number[] {
  const starts = [...text].length - TRIGRAM + 1;
  const positions = new Set<number>();
  const considered = Math.min(CONSIDERED, starts);
  for (let i = 0; i < considered; i++) {
    positions.add(1 + (considered === 1 ? 0 : Math.round((i * (starts - 1)) / (considered - 1))));
  }
  return [...positions];
}

async function rarest(
  db: Db,
  table: string,
  text: string,
  common: number,
): Promise<{ starts: number[]; postings: number }> {
  const side = sql.table(`${table}_trigram`);
  const chosen = consideredStarts(text);
  // EXPLAIN's estimate of each trigram's postings comes from a dive into the index (its two
  // ends), not from reading them: a fraction of a millisecond whatever their number.
  const selects = chosen.map(
    (start) =>
      sql`select 1 from ${side} where trigram = substring(lower(${text}), ${sql.lit(start)}, ${sql.lit(TRIGRAM)})`,
  );
  const { rows } = await sql<{
    id: number;
    rows: number | string | null;
  }>`explain ${sql.join(selects, sql` union all `)}`.execute(db.kysely);
  const estimates = rows
    .filter((row) => row.id !== null && Number(row.id) <= chosen.length)
    .map((row) => ({ start: chosen[Number(row.id) - 1] as number, n: Number(row.rows ?? 0) }))
    .sort((a, b) => a.n - b.n);
  // Even the rarest trigram is common: candidates would be much of the table and the match is
  // broad, so the page is found sooner by reading rows in order and checking them.
  const postings = estimates[0]?.n ?? common;
  if (postings >= common) return { starts: [], postings };
  return { starts: estimates.slice(0, LOOKUPS).map((row) => row.start), postings };
}

/** The table whose side table covers every one of these columns, if any. */
export function coveringTable(fields: ListField[], tables: ReadonlySet<string>): string | null {
  const [first] = fields;
  const table = first?.column.split('.')[0] ?? '';
  const index = trigramIndexOf(table);
  if (!index || !tables.has(table)) return null;
  const all = fields.every((field) => {
    const [owner, column = ''] = field.column.split('.');
    return owner === table && field.type === 'string' && index.columns.includes(column);
  });
  return all ? table : null;
}

/** The candidates' condition for `%text%` on a covered table, or null when it reads no trigram. */
export function trigramCandidates(table: string, text: string, lookups: TrigramLookups): Condition | null {
  const pick = lookups.picks.get(`${table} ${text}`);
  const id = sql.ref(`${table}.${trigramIndexOf(table)?.key ?? 'id'}`);
  if (pick?.ids) {
    if (pick.ids.length === 0) return sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`${id} in (${sql.join(pick.ids.map((one) => sql.lit(one)))})`;
  }
  const starts = pick?.starts;
  if (!starts || starts.length === 0) return null;
  const side = sql.table(`${table}_trigram`);
  const [rarest = 1, ...others] = starts;
  // The rarest trigram's postings, in id order (the side table's key is (trigram, id)): a page
  // in id order stops after its matches.
  return sql<SqlBool>`${id} in (select t1.id from ${side} as t1 where t1.trigram = ${trigramAt(text, rarest)}${heldToo(table, text, others, sql.raw('t1'))})`;
}

/**
 * `npm run bench:scale`'s count of the rows a database read for one list statement
 * (scripts/bench-scale/rows-read.ts), on plans the machine's PostgreSQL 15 and MariaDB 10.11
 * gave for the member list of a 20,000-member bench run (fixtures/bench-plans/), and on a plan
 * SQLite makes here. A wrong count would send whoever reads the bench's table after the wrong
 * statement.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mariadbRowsRead, postgresRowsRead, sqlitePlan } from '../../../../scripts/bench-scale/rows-read.js';
import { loadSqliteDriver } from '../../src/db/sqlite-driver.js';

const plan = (name: string): unknown =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/bench-plans', name), 'utf8'));

describe('PostgreSQL: rows read from explain (analyze, format json)', () => {
  it('adds the rows a filter removed and multiplies by the loops', () => {
    // Two letters (`%li%`) searched by walking: the sequential scan returns 4,577 of 20,000
    // members (15,423 removed by the filter); then the page's 20 rows by key (20 loops of one
    // row) and their groups (3 loops under a Memoize, the other 17 from its cache).
    expect(postgresRowsRead(plan('postgres-seq-scan-and-loops.json'))).toBe(20_000 + 20 + 3);
  });

  it('counts a bitmap scan once, at its heap scan', () => {
    // `gender = 2` counted to the cap: 6,671 rows from the bitmap heap scan, whose bitmap index
    // scan below found the same 6,671.
    expect(postgresRowsRead(plan('postgres-bitmap-scan.json'))).toBe(6_671);
  });
});

describe('MariaDB: rows read from analyze format=json', () => {
  it("counts the trigram side table's postings and each table's rows times its loops", () => {
    // `ser9`'s page: 20 postings of its rarest trigram (t1), each checked against the second
    // trigram's postings (t2, 20 loops), the member (20 loops) and its group (20 loops).
    expect(mariadbRowsRead(plan('mariadb-trigram-postings.json'))).toBe(80);
  });

  it('counts the rows that filled a derived table, not the derived table again', () => {
    // The count of `%li%` to the cap reads all 20,000 members into <derived2> (4,577 matches).
    expect(mariadbRowsRead(plan('mariadb-derived-scan.json'))).toBe(20_000);
  });

  it('counts a const table (read by its key while planning, no r_rows) as one row', () => {
    // `id = 10000`: the member and its group, each a const table.
    expect(mariadbRowsRead(plan('mariadb-const.json'))).toBe(2);
    expect(mariadbRowsRead(JSON.stringify(plan('mariadb-const.json')))).toBe(2);
  });
});

describe('SQLite: the plan instead', () => {
  it("keeps the plan's access lines, compacted", async () => {
    const SQLite = await loadSqliteDriver();
    const db = new SQLite(':memory:');
    db.exec(`create table member (id integer primary key, name text, grp integer);
      create index member_grp on member (grp);
      create virtual table member_search using fts5 (name, tokenize = 'trigram');`);
    const lines = db
      .prepare(`explain query plan select * from member where grp = ? and id in
        (select rowid from member_search where member_search match ?) order by id desc`)
      .all(3, '"lic"') as { detail: string }[];
    const amongIds = db
      .prepare('explain query plan select * from member where id in (select value from json_each(?))')
      .all('[1, 2]') as { detail: string }[];
    db.close();
    // `LIST SUBQUERY 1` is left out: it reads nothing itself.
    expect(sqlitePlan(lines)).toBe(
      'SEARCH member by member_grp (grp=? AND rowid=?), SCAN member_search (fts)',
    );
    // json_each is a virtual table too, but no search index.
    expect(sqlitePlan(amongIds)).toBe('SEARCH member by pk (rowid=?), SCAN json_each');
  });
});

/**
 * The old site's uploaded files come along with its database (db/takeover/files.ts): a BuildAdmin
 * v2 database (fixtures/buildadmin-v2.sql) on a real MariaDB, an old `public/storage` folder
 * beside it, then Portico serving the copied files at the URLs the attachment rows hold.
 * MySQL/MariaDB only, as the original is; skipped without TEST_MYSQL_URL.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { defaultConfig } from '../../src/config.js';
import { type Db, openDatabase } from '../../src/db/connection.js';
import { copyOldFiles, type FilesReport } from '../../src/db/takeover/files.js';
import { prepareDatabase, TakeoverRefused } from '../../src/db/takeover/takeover.js';
import { fixtureDatabase } from '../support/buildadmin-fixture.js';
import { type TestDatabase, testDatabases } from '../support/databases.js';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '../../../..');
const mysql = testDatabases().find((f) => f.dialect === 'mysql');

/** The fixture's two attachment rows, and the rows this suite adds. */
const LOGO = '/storage/default/20240310/logo2c3f4a.png';
const AVATAR = '/storage/default/20240311/avatar9e8d7c.jpg';
const MISSING = '/storage/default/20240312/report.pdf';
const LEAK = '/storage/default/20240312/leak.png';
const FREE = '/storage/editor/20240313/notes.txt';
const CLASH = '/storage/editor/20240313/clash.txt';

const LOGO_BYTES = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n'), randomBytes(3000)]);
const SECRET = 'outside the old storage: never to be read';

const sha1 = (bytes: Buffer | string) => createHash('sha1').update(bytes).digest('hex');

/**
 * An old site: `public/storage` with the logo matching its row, an avatar whose bytes differ from
 * its row, no file for one row, a link (to a file and to a folder) outside the storage, a hidden
 * folder and a file no row names. Rows are made to match (logo) or point at what is absent.
 */
async function oldSite(db: Db): Promise<{ site: string; publicDir: string; outside: string }> {
  const site = mkdtempSync(join(tmpdir(), 'portico-old-site-'));
  const publicDir = join(site, 'public');
  const outside = join(site, 'private');
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.png'), SECRET);
  const put = (url: string, bytes: Buffer | string) => {
    const file = join(publicDir, url);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  };
  put(LOGO, LOGO_BYTES);
  put(AVATAR, 'not the picture the row recorded');
  put(FREE, 'an editor file no attachment row names');
  put(CLASH, 'the old site version');
  put('/storage/.hidden/private.txt', 'hidden');
  mkdirSync(dirname(join(publicDir, LEAK)), { recursive: true });
  symlinkSync(join(outside, 'secret.png'), join(publicDir, LEAK));
  symlinkSync(outside, join(publicDir, 'storage/linked'));
  await sql`update ba_attachment set sha1 = ${sha1(LOGO_BYTES)}, size = ${LOGO_BYTES.length} where id = 1`.execute(
    db.kysely,
  );
  await sql`insert into ba_attachment (id, topic, admin_id, user_id, url, name, size, mimetype, quote, storage, sha1)
    values (3, 'default', 1, 0, ${MISSING}, 'report.pdf', 1234, 'application/pdf', 1, 'local', ${'ab'.repeat(20)}),
           (4, 'default', 1, 0, ${LEAK}, 'leak.png', ${SECRET.length}, 'image/png', 1, 'local', ${sha1(SECRET)}),
           (5, 'default', 1, 0, 'https://cdn.example.com/a.png', 'a.png', 10, 'image/png', 1, 'qiniu', '')`.execute(
    db.kysely,
  );
  return { site, publicDir, outside };
}

function appConfig(databaseUrl: string, storageDir: string, takeoverFiles?: string) {
  return defaultConfig({
    databaseUrl,
    storageDir,
    takeoverFiles,
    appSecret: randomBytes(32).toString('hex'),
    logLevel: 'silent',
  });
}

const tablesOf = async (db: Db) =>
  (
    await sql<{ n: string }>`select table_name as n from information_schema.tables
      where table_schema = database() order by 1`.execute(db.kysely)
  ).rows.map((row) => row.n);

describe.skipIf(!mysql)('taking over a BuildAdmin v2 site with its files [mysql]', () => {
  let database: TestDatabase;
  let db: Db;
  let site: Awaited<ReturnType<typeof oldSite>>;
  let storageDir: string;
  let report: FilesReport | undefined;

  beforeAll(async () => {
    database = await fixtureDatabase();
    db = await openDatabase(database.url, 'ba_');
    site = await oldSite(db);
    storageDir = join(mkdtempSync(join(tmpdir(), 'portico-data-')), 'storage');
    // Portico already holds a different file at one of the old paths.
    mkdirSync(join(storageDir, 'editor/20240313'), { recursive: true });
    writeFileSync(join(storageDir, 'editor/20240313/clash.txt'), "Portico's own version");
    // And a link where an old folder goes: nothing is written through it.
    mkdirSync(join(site.publicDir, 'storage/trap'));
    writeFileSync(join(site.publicDir, 'storage/trap/x.txt'), 'would land outside STORAGE_DIR');
    symlinkSync(site.outside, join(storageDir, 'trap'));
  });

  afterAll(async () => {
    await db?.close();
    await database?.drop();
    if (site) rmSync(site.site, { recursive: true, force: true });
    if (storageDir) rmSync(dirname(storageDir), { recursive: true, force: true });
  });

  it('refuses a folder without storage/ before changing anything', async () => {
    const tables = await tablesOf(db);
    await expect(
      prepareDatabase(db, { files: { from: join(site.publicDir, 'storage'), storageDir } }),
    ).rejects.toThrow(/No storage folder in .*storage: give the old site's public folder/);
    expect(await tablesOf(db)).toEqual(tables);
    expect(tables).not.toContain('ba_migration');
  });

  it('takes the database over and copies the files, reporting the missing and the different', async () => {
    const prepared = await prepareDatabase(db, { files: { from: site.publicDir, storageDir } });
    expect(prepared.outcome).toBe('taken-over');
    report = prepared.files;
    expect(report?.copied.sort()).toEqual([AVATAR, FREE, LOGO].sort());
    expect(report?.missing).toEqual([
      { id: 3, url: MISSING },
      { id: 4, url: LEAK },
    ]);
    expect(report?.different).toEqual([
      {
        id: 2,
        url: AVATAR,
        expected: { sha1: '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d', size: 8800 },
        found: { sha1: sha1('not the picture the row recorded'), size: 32 },
      },
    ]);
    expect(report?.kept).toEqual([CLASH]);
    expect(report?.skipped).toEqual([
      { url: '/storage/.hidden', reason: 'hidden' },
      { url: LEAK, reason: 'link' },
      { url: '/storage/linked', reason: 'link' },
    ]);
    expect(report?.failed).toEqual([
      { url: '/storage/trap/x.txt', reason: expect.stringMatching(/trap in STORAGE_DIR is not a folder/) },
    ]);
    expect(report?.elsewhere).toEqual([{ id: 5, url: 'https://cdn.example.com/a.png', storage: 'qiniu' }]);
  });

  it('never follows a link out of the old storage, nor overwrites a file Portico had', () => {
    expect(existsSync(join(storageDir, 'default/20240312/leak.png'))).toBe(false);
    expect(existsSync(join(storageDir, 'linked'))).toBe(false);
    expect(existsSync(join(storageDir, '.hidden'))).toBe(false);
    expect(existsSync(join(site.outside, 'x.txt'))).toBe(false);
    expect(readFileSync(join(storageDir, 'editor/20240313/clash.txt'), 'utf8')).toBe("Portico's own version");
  });

  it('serves the copied files at the URLs the rows hold', async () => {
    const { app } = await buildApp(appConfig(database.url, storageDir), { db });
    try {
      const logo = await app.inject({ method: 'GET', url: LOGO });
      expect(logo.statusCode).toBe(200);
      expect(logo.rawPayload.equals(LOGO_BYTES)).toBe(true);
      const free = await app.inject({ method: 'GET', url: FREE });
      expect(free.statusCode).toBe(200);
      expect(free.body).toBe('an editor file no attachment row names');
      expect((await app.inject({ method: 'GET', url: LEAK })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: MISSING })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('copies nothing new when run again, and a start on the Portico database copies nothing', async () => {
    const again = await copyOldFiles(db, { from: site.publicDir, storageDir });
    expect(again.copied).toEqual([]);
    expect(again.alreadyThere).toBe(3);
    expect(again.kept).toEqual([CLASH]);
    expect(again.failed).toEqual(report?.failed);
    expect(again.missing).toEqual(report?.missing);
    expect(again.different).toEqual(report?.different);

    // TAKEOVER_FILES left set: a start finds Portico's database and leaves the files alone,
    // even once the old folder is gone.
    rmSync(join(storageDir, 'editor/20240313/notes.txt'));
    const prepared = await prepareDatabase(db, { files: { from: join(site.site, 'gone'), storageDir } });
    expect(prepared.outcome).toBe('portico');
    expect(prepared.files).toBeUndefined();
    expect(existsSync(join(storageDir, 'editor/20240313/notes.txt'))).toBe(false);
  });
});

describe.skipIf(!mysql)('the old site files on the command line and at first start [mysql]', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  async function setUp() {
    const database = await fixtureDatabase();
    const db = await openDatabase(database.url, 'ba_');
    const site = await oldSite(db);
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-data-'));
    cleanup.push(
      () => database.drop(),
      () => db.close(),
      () => rmSync(site.site, { recursive: true, force: true }),
      () => rmSync(dataDir, { recursive: true, force: true }),
    );
    return { database, db, site, storageDir: join(dataDir, 'storage') };
  }

  it('`takeover --files` copies and prints the report; run again it copies nothing', async () => {
    const { database, site, storageDir } = await setUp();
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'takeover', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: database.url, STORAGE_DIR: storageDir, TAKEOVER_FILES: '' },
        encoding: 'utf8',
      });
    const first = run('--files', site.publicDir);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('Took over the BuildAdmin v2 database');
    // No file of Portico's stands in the way here: the clashing one is copied too.
    expect(first.stdout).toContain(`to ${storageDir}: 4 copied, 0 already there.`);
    expect(first.stdout).toMatch(/Missing: .*\(2\):\n {2}#3 \/storage\/default\/20240312\/report\.pdf\n/);
    expect(first.stdout).toContain(
      `#2 ${AVATAR}: recorded 9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d 8800 bytes`,
    );
    expect(readFileSync(join(storageDir, 'default/20240310/logo2c3f4a.png')).equals(LOGO_BYTES)).toBe(true);

    const second = run(`--files=${site.publicDir}`);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain("The database is Portico's already");
    expect(second.stdout).toContain(': 0 copied, 4 already there.');

    const wrong = run('--files', join(site.site, 'nowhere'));
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain(`No storage folder in ${join(site.site, 'nowhere')}`);
    const unknown = run('--file', site.publicDir);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Usage: npm run takeover [-- --files');
    // Four runs of the real command, each compiling the server's TypeScript as it loads.
  }, 180_000);

  it('TAKEOVER_FILES: the first start takes over, copies and logs the report, then serves the files', async () => {
    const { database, site, storageDir } = await setUp();
    const lines: string[] = [];
    const config = { ...appConfig(database.url, storageDir, site.publicDir), logLevel: 'info' as const };
    const { app } = await buildApp(config, { logStream: { write: (line) => void lines.push(line) } });
    try {
      const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.report);
      expect(logged.msg).toBe("copied the old site's files: 4 copied, 3 to look at (docs/takeover.md)");
      expect(logged.report).toContain(`  #3 ${MISSING}`);
      const logo = await app.inject({ method: 'GET', url: LOGO });
      expect(logo.statusCode).toBe(200);
      expect(logo.rawPayload.equals(LOGO_BYTES)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('TAKEOVER_FILES naming no old site refuses the first start, the database unchanged', async () => {
    const { database, db, site, storageDir } = await setUp();
    const tables = await tablesOf(db);
    await expect(buildApp(appConfig(database.url, storageDir, join(site.site, 'typo')))).rejects.toThrow(
      TakeoverRefused,
    );
    expect(await tablesOf(db)).toEqual(tables);
  });
});

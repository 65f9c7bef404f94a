/**
 * Publishing a checked package in the store: a module's item made from its module.json (for
 * Portico's own modules and for modules another area publishes, free and switched on), and a
 * new version, newer than the latest, with the store's copy of the package. The back-office's
 * version form, the first-party modules and the publisher other areas reach through the SDK
 * (`modulePublisher`, e.g. the CRUD generator's "Publish on the store") all publish here.
 */
import {
  type AppContext,
  compareVersion,
  fail,
  insertId,
  now,
  type PublishedVersion,
  runWrite,
} from '@portico/server-sdk';
import type { ModuleInfo } from '@portico/shared';
import type { FastifyRequest } from 'fastify';
import { STORE_MESSAGES as M } from './messages.js';
import { type CheckedPackage, checkZip, keepPackage, removePackage } from './packages.js';
import { type StoreDb, storeDb } from './repository.js';

/** `candidate` is strictly newer than `latest` (the installer's comparison, both ways). */
const isNewerVersion = (latest: string, candidate: string) =>
  compareVersion(latest, candidate) && !compareVersion(candidate, latest);

/** A new store item for the module a package holds: free, switched on, in no category. */
export function insertModuleOf(
  ctx: AppContext,
  db: StoreDb,
  info: ModuleInfo,
  time: number,
): Promise<number> {
  return insertId(
    ctx.db,
    db.insertInto('store_module').values({
      uid: info.uid,
      category_id: 0,
      title: info.title,
      logo: '',
      images: '',
      tags: info.category,
      description: info.intro,
      developer: info.author,
      developer_url: info.website,
      price_type: 'free',
      price: 0,
      original_price: 0,
      status: '1',
      downloads: 0,
      weigh: 0,
      create_time: time,
      update_time: time,
    }),
  );
}

/**
 * A new version of the module from the checked package kept under `name`: refused unless it is
 * newer than the module's latest version.
 */
export async function insertVersion(
  ctx: AppContext,
  db: StoreDb,
  moduleId: number,
  version: { checked: CheckedPackage; name: string; updateLog: string; time: number },
): Promise<void> {
  const { checked, name, updateLog, time } = version;
  const number = checked.info.version;
  const latest = await db
    .selectFrom('store_version')
    .select('version')
    .where('module_id', '=', moduleId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (latest?.version === number) fail(M.versionExists, number);
  if (latest && !isNewerVersion(latest.version, number)) fail(M.versionNotNewer, number, latest.version);
  await insertId(
    ctx.db,
    db.insertInto('store_version').values({
      module_id: moduleId,
      version: number,
      update_log: updateLog,
      package: name,
      sha256: checked.sha256,
      size: checked.size,
      create_time: time,
    }),
  );
  await db.updateTable('store_module').set({ update_time: time }).where('id', '=', moduleId).execute();
}

/**
 * The publisher other areas use: checks the zip as an upload, keeps the store's copy, then adds
 * the module's item when the store has none and the version, in one write (admin-logged with
 * the request). The store's copy goes again when nothing was written.
 */
export async function publishPackage(
  ctx: AppContext,
  request: FastifyRequest,
  pkg: { uid: string; zip: string; updateLog: string },
): Promise<PublishedVersion> {
  const { storageDir } = ctx.config;
  const checked = await checkZip(storageDir, pkg.uid, pkg.zip);
  const name = await keepPackage(storageDir, checked);
  try {
    return await runWrite(ctx.db.kysely, request, async (w) => {
      const db = storeDb(w.trx);
      const time = now();
      const listed = await db
        .selectFrom('store_module')
        .select('id')
        .where('uid', '=', pkg.uid)
        .executeTakeFirst();
      const moduleId = listed?.id ?? (await insertModuleOf(ctx, db, checked.info, time));
      await insertVersion(ctx, db, moduleId, { checked, name, updateLog: pkg.updateLog, time });
      return { uid: pkg.uid, version: checked.info.version, moduleId, created: !listed };
    });
  } catch (error) {
    await removePackage(storageDir, name);
    throw error;
  }
}

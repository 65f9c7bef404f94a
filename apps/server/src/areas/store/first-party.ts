/**
 * The modules shipped with Portico (`modules/<uid>/` of the project), published free in this
 * instance's own store when the store area is first enabled. A site's market is its own store
 * by default, so a fresh checkout's market lists them with no network. From then on they are
 * the store owner's to edit, price or switch off like any other: a module already in the
 * store is left as it is.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type AppContext, listPackageFiles, moduleDir, writeBackupZip } from '@portico/server-sdk';
import { checkZip, keepPackage, packagesRoot } from './packages.js';
import { insertModuleOf, insertVersion } from './publish.js';
import { storeOf } from './repository.js';
import { FIRST_PARTY_UPDATE_LOG } from './seeded-texts.js';

const FIRST_PARTY_MODULES = ['editor', 'checkin'] as const;

/** Publishes the first-party modules the store does not have yet; answers their uids. */
export async function publishFirstPartyModules(ctx: AppContext): Promise<string[]> {
  const { projectDir, storageDir } = ctx.config;
  const db = storeOf(ctx);
  const published: string[] = [];
  for (const uid of FIRST_PARTY_MODULES) {
    const listed = await db.selectFrom('store_module').select('id').where('uid', '=', uid).executeTakeFirst();
    if (listed) continue;
    const folder = moduleDir(projectDir, uid);
    const files = await listPackageFiles(projectDir, uid);
    if (files.length === 0) continue;
    const zip = join(packagesRoot(storageDir), '.work', `first-party-${uid}.zip`);
    await mkdir(join(packagesRoot(storageDir), '.work'), { recursive: true });
    try {
      await writeBackupZip(folder, zip, ['module.json', ...files]);
      const checked = await checkZip(storageDir, uid, zip);
      const name = await keepPackage(storageDir, checked);
      const time = Math.floor(Date.now() / 1000);
      await db.transaction().execute(async (trx) => {
        const moduleId = await insertModuleOf(ctx, trx, checked.info, time);
        const updateLog = FIRST_PARTY_UPDATE_LOG[0];
        await insertVersion(ctx, trx, moduleId, { checked, name, updateLog, time });
      });
      published.push(uid);
    } finally {
      await rm(zip, { force: true });
    }
  }
  return published;
}

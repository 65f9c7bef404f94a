/**
 * The check-in package installed into a scratch project (never the checkout) by the module
 * installer's package library, as the installer endpoint would: its files copied into the
 * project's mirror paths and its state on disk "installed", so a server started on that
 * project enables it the way it enables an installed module.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyPackage } from '../../../apps/server/src/features/module/package/index.js';
import { fakeProject } from '../../../apps/server/test/support/module-project.js';

export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** A scratch project with the package copied under modules/checkin, not installed yet. */
export function projectWithPackage(): string {
  const project = fakeProject();
  cpSync(PACKAGE_DIR, join(project, 'modules/checkin'), {
    recursive: true,
    // Its own tests stay behind, as in a published zip.
    filter: (source) => !source.startsWith(join(PACKAGE_DIR, 'test')),
  });
  return project;
}

/** Runs the installer's apply step; the package brings no npm packages, so it finishes at once. */
export async function installInto(project: string) {
  const result = await applyPackage(project, 'checkin');
  if (result.status !== 'installed') throw new Error(`checkin was not installed: ${result.status}`);
  return result;
}

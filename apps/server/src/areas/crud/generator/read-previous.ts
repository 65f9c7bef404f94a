/**
 * The generation a package on disk holds: its design (checked again: the file may have been
 * edited), its version and its migrations' sources, so a regeneration keeps them byte-identical.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkDesign } from './check-design.js';
import { migrationName } from './emit-migration.js';
import { DESIGN_FILE, type PreviousGeneration } from './generate.js';

export async function readPreviousGeneration(packageDir: string): Promise<PreviousGeneration | null> {
  const designFile = join(packageDir, DESIGN_FILE);
  if (!existsSync(designFile)) return null;
  const design = checkDesign(JSON.parse(await readFile(designFile, 'utf8')));
  const info = JSON.parse(await readFile(join(packageDir, 'module.json'), 'utf8')) as { version?: unknown };
  const dir = join(packageDir, 'apps/server/src/modules', design.table.name, 'migrations');
  const migrations: string[] = [];
  for (let index = 0; existsSync(join(dir, `${migrationName(index)}.ts`)); index++) {
    migrations.push(await readFile(join(dir, `${migrationName(index)}.ts`), 'utf8'));
  }
  return { design, version: typeof info.version === 'string' ? info.version : '1.0.0', migrations };
}

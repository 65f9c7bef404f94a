/**
 * A scratch copy of the parts of the project a generated package is checked against: the
 * package under modules/<uid>/ as the generator writes it, the tsconfig files it extends,
 * biome.json and the layering rules, and the checkout's node_modules (whose @portico links
 * lead to the checkout's SDKs and core).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GeneratedModule } from '../../../../src/areas/crud/generator/index.js';

export const ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));

export function scratchProject(): string {
  const project = mkdtempSync(join(tmpdir(), 'portico-crudgen-'));
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'));
  cpSync(join(ROOT, 'tsconfig.base.json'), join(project, 'tsconfig.base.json'));
  mkdirSync(join(project, 'apps/web'), { recursive: true });
  mkdirSync(join(project, 'apps/server'), { recursive: true });
  cpSync(join(ROOT, 'apps/web/tsconfig.json'), join(project, 'apps/web/tsconfig.json'));
  cpSync(join(ROOT, 'apps/server/tsconfig.json'), join(project, 'apps/server/tsconfig.json'));
  cpSync(join(ROOT, '.dependency-cruiser.cjs'), join(project, '.dependency-cruiser.cjs'));
  // ES modules, as the project's packages declare (the server's NodeNext check needs it).
  writeFileSync(join(project, 'package.json'), '{ "private": true, "type": "module" }\n');
  // The scratch copy is no git checkout: Biome reads no ignore file there.
  const biome = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'));
  writeFileSync(join(project, 'biome.json'), JSON.stringify({ ...biome, vcs: { enabled: false } }, null, 2));
  return project;
}

/** Writes the package where the generator's endpoint puts it: modules/<uid>/. */
export function writePackage(project: string, generated: GeneratedModule): string {
  const dir = join(project, 'modules', generated.uid);
  for (const [path, source] of Object.entries(generated.files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  return dir;
}

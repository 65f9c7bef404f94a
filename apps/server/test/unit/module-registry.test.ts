/**
 * Build-time discovery of installed modules and the checks of a module definition. The
 * registry is a generated file of static imports (bundled by esbuild, loaded as is by tsx and
 * vitest); a module folder copied in is found, anything else beside it is not.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  discoverServerModules,
  SERVER_MODULES_DIR,
  serverModuleRegistry,
  writeServerModuleRegistry,
} from '../../../../scripts/module-registry.mjs';
import { contentModule } from '../../src/areas/content/index.js';
import { SEEDED_CONTENT_RULES } from '../../src/db/seed/content-and-sms.js';
import { defineModule, flattenRules } from '../../src/module-contract/define.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function modulesFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portico-modules-'));
  dirs.push(dir);
  return dir;
}

function addModule(dir: string, uid: string, entry = true): void {
  mkdirSync(join(dir, uid), { recursive: true });
  if (entry) {
    writeFileSync(join(dir, uid, 'index.ts'), `export default { uid: '${uid}', version: '1.0.0' };\n`);
  }
}

describe('installed-module discovery', () => {
  it('the committed registry lists exactly the module folders of the repository', () => {
    const committed = readFileSync(join(SERVER_MODULES_DIR, 'installed.ts'), 'utf8');
    expect(committed).toBe(serverModuleRegistry(discoverServerModules()));
  });

  it('finds folders with a server entry, sorted, and imports each of them', async () => {
    const dir = modulesFolder();
    addModule(dir, 'notes');
    addModule(dir, 'blog-posts');
    addModule(dir, 'assets-only', false);
    addModule(dir, 'Bad Name');
    writeFileSync(join(dir, 'README.md'), 'not a module');
    expect(discoverServerModules(dir)).toEqual(['blog-posts', 'notes']);

    expect(writeServerModuleRegistry(dir)).toBe(true);
    // Unchanged folders leave the file alone (no rebuild churn).
    expect(writeServerModuleRegistry(dir)).toBe(false);
    const registry = await import(join(dir, 'installed.ts'));
    expect(registry.INSTALLED_MODULES.map((m: { uid: string }) => m.uid)).toEqual(['blog-posts', 'notes']);
  });

  it('an empty or missing folder gives an empty registry', () => {
    expect(discoverServerModules(join(modulesFolder(), 'absent'))).toEqual([]);
    expect(serverModuleRegistry([])).toContain('INSTALLED_MODULES: readonly ModuleDefinition[] = [];');
  });
});

describe('defineModule', () => {
  it('refuses a uid that cannot be a folder name and a rule declared twice', () => {
    expect(() => defineModule({ uid: '../etc', version: '1.0.0' })).toThrow('is not valid');
    expect(() =>
      defineModule({
        uid: 'twice',
        version: '1.0.0',
        adminRules: [
          {
            type: 'menu',
            title: ['甲', 'A'],
            name: 'twice/a',
            children: [{ type: 'button', title: ['甲', 'A'], name: 'twice/a' }],
          },
        ],
      }),
    ).toThrow('declares the rule "twice/a" twice');
  });

  it('the content area declares the very rules the install data seeded, as one tree', () => {
    const declared = flattenRules(contentModule.adminRules).map((r) => [r.name, r.type, r.title[0]]);
    const seeded = SEEDED_CONTENT_RULES.map(({ row }) => [row.name, row.type, row.title]);
    expect(declared).toEqual(seeded);
    expect(contentModule.adminRules.map((r) => r.name)).toEqual(['content']);
    expect(contentModule.adminRules[0]?.children?.[0]?.component).toBe(
      '/src/views/backend/content/content/index.vue',
    );
  });
});

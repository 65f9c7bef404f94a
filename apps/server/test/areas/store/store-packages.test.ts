/** Where the store keeps its private package copies, and the move of those kept before. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { moveLegacyPackages, packageFile, packagesRoot } from '../../../src/areas/store/packages.js';

const made: string[] = [];
const folders = () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-store-packages-'));
  made.push(dataDir);
  return { dataDir, storageDir: join(dataDir, 'storage') };
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('store packages', () => {
  it('lives in a dot-folder of the shared upload storage, and names cannot leave it', () => {
    const { storageDir } = folders();
    expect(packagesRoot(storageDir)).toBe(join(storageDir, '.store-packages'));
    expect(packageFile(storageDir, 'blog/1.0.0-ab.zip')).toBe(
      join(storageDir, '.store-packages/blog/1.0.0-ab.zip'),
    );
    expect(packageFile(storageDir, '../default/photo.png')).toBeNull();
  });

  it('moves the packages kept in DATA_DIR/store-packages before, once', () => {
    const config = folders();
    const legacy = join(config.dataDir, 'store-packages', 'blog');
    mkdirSync(legacy, { recursive: true });
    writeFileSync(join(legacy, '1.0.0-ab.zip'), 'zip');
    moveLegacyPackages(config);
    expect(readFileSync(packageFile(config.storageDir, 'blog/1.0.0-ab.zip') ?? '', 'utf8')).toBe('zip');
    expect(existsSync(join(config.dataDir, 'store-packages'))).toBe(false);
    // Started again (or by a second process): nothing to move, nothing lost.
    moveLegacyPackages(config);
    expect(existsSync(packageFile(config.storageDir, 'blog/1.0.0-ab.zip') ?? '')).toBe(true);
  });
});

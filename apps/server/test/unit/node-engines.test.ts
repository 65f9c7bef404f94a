import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` warns EBADENGINE for every locked package whose `engines.node` refuses the Node it
 * runs on. The lock file is what a fresh install gets, so every locked package must accept the
 * first release of every Node line the project supports (the root package.json's engines).
 * One exception: better-sqlite3 13 (`better-sqlite3-napi`) wants Node 22; it is installed on
 * Node 20 too (npm has no per-Node dependencies) but only loaded on 22 and later
 * (apps/server/src/db/sqlite-driver.ts), so Node 20 gets that one warning.
 */
const root = new URL('../../../../', import.meta.url);
const readJson = (name: string) => JSON.parse(readFileSync(fileURLToPath(new URL(name, root)), 'utf8'));
const LOADED_ONLY_ON_NEWER_NODE = ['node_modules/better-sqlite3-napi'];

describe('locked packages and the supported Node', () => {
  const supported: string = readJson('package.json').engines.node;
  const firstOfEachLine = supported.split('||').map((range) => semver.minVersion(range)?.version ?? '');

  it('supports Node 20.19, 22 and 24', () => {
    expect(firstOfEachLine).toEqual(['20.19.0', '22.13.0', '24.0.0']);
  });

  it.each(firstOfEachLine)('every package npm ci installs accepts Node %s', (node) => {
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path.includes('node_modules/') && !LOADED_ONLY_ON_NEWER_NODE.includes(path))
      .map(([path, entry]) => ({
        path,
        node: Array.isArray(entry.engines) ? undefined : entry.engines?.node,
      }))
      .filter((pkg) => pkg.node && !semver.satisfies(node, pkg.node, { includePrerelease: true }))
      .map((pkg) => `${pkg.path} wants node ${pkg.node}`);
    expect(refusing).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` warns EBADENGINE for every locked package whose `engines.node` refuses the
 * oldest Node the project supports (the root package.json's engines). The lock file is
 * what a fresh install gets, so every locked package must accept that Node.
 */
const root = new URL('../../../../', import.meta.url);
const readJson = (name: string) => JSON.parse(readFileSync(fileURLToPath(new URL(name, root)), 'utf8'));

describe('locked packages and the supported Node', () => {
  it('every package npm ci installs accepts the oldest supported Node', () => {
    const oldestNode = semver.minVersion(readJson('package.json').engines.node)?.version ?? '';
    expect(oldestNode).toBe('20.19.0');
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path.includes('node_modules/'))
      .map(([path, entry]) => ({
        path,
        node: Array.isArray(entry.engines) ? undefined : entry.engines?.node,
      }))
      .filter((pkg) => pkg.node && !semver.satisfies(oldestNode, pkg.node, { includePrerelease: true }))
      .map((pkg) => `${pkg.path} wants node ${pkg.node}`);
    expect(refusing).toEqual([]);
  });
});

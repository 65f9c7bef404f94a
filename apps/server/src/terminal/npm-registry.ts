/**
 * Which of the known registries npm uses in the project, for the terminal settings: the
 * `registry` its own .npmrc names (where `set-npm-registry.<name>` writes), else the one the
 * user's ~/.npmrc names, else npm's default. Read from the files, not by running npm, as
 * `/admin/index/index` asks on every back-office load.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NPM_REGISTRIES, type NpmRegistryName } from '@portico/shared';
import type { AppConfig } from '../config.js';

export function projectRegistry(config: AppConfig): NpmRegistryName | 'unknown' {
  const home = config.environment.HOME;
  const files = [join(config.projectDir, '.npmrc'), ...(home ? [join(home, '.npmrc')] : [])];
  for (const file of files) {
    const url = registryIn(file);
    if (url !== null) return registryName(url);
  }
  return 'npm';
}

/** The `registry` an npmrc file sets (its last such line, as npm reads it), or null. */
function registryIn(file: string): string | null {
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  let url: string | null = null;
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#') || line.startsWith(';')) continue;
    const match = /^registry\s*=\s*(.*)$/.exec(line);
    if (match) url = (match[1] ?? '').trim().replace(/^(["'])(.*)\1$/, '$2');
  }
  return url;
}

function registryName(url: string): NpmRegistryName | 'unknown' {
  const normal = url.endsWith('/') ? url : `${url}/`;
  const entry = Object.entries(NPM_REGISTRIES).find(([, known]) => known === normal);
  return entry ? (entry[0] as NpmRegistryName) : 'unknown';
}

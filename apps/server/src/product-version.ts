/** Portico's version: the `version` of the project's package.json, '' when it cannot be read. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function productVersion(projectDir: string): Promise<string> {
  try {
    const pkg = JSON.parse(await readFile(join(projectDir, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '';
  } catch {
    return '';
  }
}

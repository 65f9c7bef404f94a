/**
 * Generated sources in the project's own format: each file goes through the project's Biome
 * (its biome.json), so a generated module passes `biome check` like the hand-written ones
 * whatever the length of the design's texts. Kept apart from generateModule, which stays pure:
 * the endpoint formats before writing. JSON files are formatted too. Without Biome (an install
 * that left out the development packages) the sources are written as generated: valid code,
 * only less tidy.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedModule } from './generate.js';

const FORMATTED = /\.(ts|tsx|json)$/;

export async function formatModule(
  generated: GeneratedModule,
  projectRoot: string,
): Promise<GeneratedModule> {
  if (!existsSync(biomeOf(projectRoot))) return generated;
  const entries = await Promise.all(
    Object.entries(generated.files).map(async ([path, source]) => {
      if (!FORMATTED.test(path) || path === 'tsconfig.json') return [path, source] as const;
      // The path Biome is told decides the language and which of biome.json's overrides apply.
      const where = join(projectRoot, 'modules', generated.uid, path);
      return [path, await biomeFormat(projectRoot, where, source)] as const;
    }),
  );
  return { ...generated, files: Object.fromEntries(entries) };
}

const biomeOf = (projectRoot: string) => join(projectRoot, 'node_modules/.bin/biome');

function biomeFormat(projectRoot: string, path: string, source: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      biomeOf(projectRoot),
      ['format', `--config-path=${projectRoot}`, `--stdin-file-path=${path}`],
      { cwd: projectRoot, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`biome format ${path} failed: ${err.trim()}`));
    });
    child.stdin.end(source);
  });
}

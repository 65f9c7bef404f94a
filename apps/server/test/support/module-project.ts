/**
 * Scratch projects for the module package library: a minimal Portico-shaped folder in the
 * system temp dir (root package.json with workspaces, apps/server and apps/web package.json,
 * a few files), modules written into it, and zips built by hand so hostile ones (names with
 * `..`, absolute names, links, forged sizes) can be made, which zip writers refuse to produce.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll } from 'vitest';

const scratch: string[] = [];

export function removeScratchDirs(): void {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
}
// Imported while a test file is collected: the file removes what it made once its tests are
// over, whether or not it calls removeScratchDirs itself (vitest runs each file in a fresh module graph).
afterAll(removeScratchDirs);

/** A fresh folder in the system temp dir, removed by removeScratchDirs or after the test file. */
export function scratchDir(prefix = 'portico-module-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

export function writeFiles(base: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), content);
  }
}

export const readText = (base: string, path: string) => readFileSync(join(base, path), 'utf8');
export const readJsonFile = (base: string, path: string) => JSON.parse(readText(base, path));

/** A minimal project: workspaces with a few packages, a couple of source files. */
export function fakeProject(): string {
  const project = join(scratchDir(), 'project');
  writeFiles(project, {
    'package.json': `${JSON.stringify({ name: 'portico', private: true, workspaces: ['apps/server', 'apps/web'] }, null, 2)}\n`,
    'apps/server/package.json': `${JSON.stringify({ name: '@portico/server', dependencies: { fastify: '^5.0.0', zod: '^4.0.0' } }, null, 2)}\n`,
    'apps/web/package.json': `${JSON.stringify({ name: '@portico/web', dependencies: { react: '^19.0.0' }, devDependencies: { vite: '^8.0.0' } }, null, 2)}\n`,
    'apps/server/src/app.ts': 'export const app = 1;\n',
    'apps/web/src/main.tsx': 'console.log("main");\n',
  });
  return project;
}

export interface ModuleFixture {
  uid?: string;
  version?: string;
  server?: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  web?: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  protectedFiles?: string[];
  /** Package files, by project-relative path. */
  files?: Record<string, string>;
  /**
   * Written as the installer unpacks an upload (its record says so, and an uninstall deletes
   * the folder); without it, the folder is one the project ships, as a checkout has it.
   */
  unpacked?: boolean;
}

export function moduleJson(fixture: ModuleFixture = {}): Record<string, unknown> {
  return {
    uid: fixture.uid ?? 'blog',
    title: 'Blog',
    intro: 'Articles and comments',
    author: 'Portico',
    website: 'https://example.com',
    version: fixture.version ?? '1.0.0',
    category: 'content',
    server: fixture.server ?? {},
    web: fixture.web ?? {},
    protectedFiles: fixture.protectedFiles ?? [],
  };
}

/** Writes a module folder under `<project>/modules/<uid>/` as an upload or a checkout would. */
export function writeModule(project: string, fixture: ModuleFixture = {}): string {
  const uid = fixture.uid ?? 'blog';
  const dir = join(project, 'modules', uid);
  const record = { state: 2, update: false, waitInstall: [], unpacked: true };
  writeFiles(dir, {
    'module.json': JSON.stringify(moduleJson(fixture), null, 2),
    ...(fixture.unpacked ? { '.state.json': JSON.stringify(record) } : {}),
    ...(fixture.files ?? {}),
  });
  return dir;
}

export interface RawZipEntry {
  name: string;
  data?: Buffer;
  /** Raw deflate bytes to store instead of `data` (method 8). */
  deflated?: Buffer;
  /** Declared sizes and CRC, when they must lie. */
  uncompressedSize?: number;
  crc?: number;
  /** Unix mode put in the external attributes (made by Unix). */
  mode?: number;
}

/** Writes a zip byte by byte: local headers, data, central directory, end record. */
export function writeRawZip(path: string, entries: RawZipEntry[]): void {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = entry.data ?? Buffer.alloc(0);
    const body = entry.deflated ?? deflateRawSync(data);
    const crc = entry.crc ?? crc32(data);
    const size = entry.uncompressedSize ?? data.length;
    const mode = entry.mode ?? (entry.name.endsWith('/') ? 0o040755 : 0o100644);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, body);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE((3 << 8) | 20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(body.length, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE((mode << 16) >>> 0, 38);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  writeFileSync(path, Buffer.concat([...parts, directory, end]));
}

/**
 * Raw deflate of `gigabytes` GiB of zeros in about a megabyte per GiB: one 64 MiB block of
 * zeros compressed with a full flush (byte-aligned, no back references across it) repeated,
 * then an empty final block. Nothing that size is ever held or written.
 */
export function zerosDeflated(gigabytes: number): { deflated: Buffer; size: number } {
  const chunk = 64 * 1024 * 1024;
  const block = deflateRawSync(Buffer.alloc(chunk), { level: 9, finishFlush: 3 /* Z_FULL_FLUSH */ });
  const repeats = (gigabytes * 1024 * 1024 * 1024) / chunk;
  const last = deflateRawSync(Buffer.alloc(0));
  return {
    deflated: Buffer.concat([...Array.from({ length: repeats }, () => block), last]),
    size: repeats * chunk,
  };
}

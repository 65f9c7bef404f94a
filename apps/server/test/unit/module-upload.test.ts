/**
 * Installing a module from an uploaded zip: a good package lands in modules/<uid>/ waiting for
 * installation, the original's upgrade rules apply, and hostile archives (path escapes,
 * absolute names, links and devices, too many entries, gigabytes when unpacked, whether
 * declared or hidden behind forged sizes) are refused with a clear message, leaving nothing.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModuleState } from '@portico/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyPackage,
  inspectModule,
  installFromZip,
  writeModuleState,
} from '../../src/features/module/package/index.js';
import { ApiError } from '../../src/http/errors.js';
import { translate } from '../../src/i18n/index.js';
import {
  fakeProject,
  moduleJson,
  type RawZipEntry,
  readJsonFile,
  readText,
  removeScratchDirs,
  scratchDir,
  writeModule,
  writeRawZip,
  zerosDeflated,
} from '../support/module-project.js';

afterEach(removeScratchDirs);

const SERVER_ENTRY = 'apps/server/src/modules/blog/index.ts';

function packageEntries(version = '1.0.0', prefix = ''): RawZipEntry[] {
  return [
    { name: `${prefix}module.json`, data: Buffer.from(JSON.stringify(moduleJson({ version }))) },
    { name: `${prefix}apps/`, data: Buffer.alloc(0) },
    { name: `${prefix}${SERVER_ENTRY}`, data: Buffer.from(`export const version = '${version}';\n`) },
  ];
}

function zipOf(entries: RawZipEntry[]): string {
  const path = join(scratchDir('portico-upload-'), 'upload.zip');
  writeRawZip(path, entries);
  return path;
}

/** Nothing of a refused upload may remain: no module folder, no unpacking folder. */
function expectNothingLeft(project: string): void {
  const left = existsSync(join(project, 'modules')) ? readdirSync(join(project, 'modules')) : [];
  expect(left).toEqual([]);
}

describe('uploading a module package', () => {
  it('puts a good package in modules/<uid>/ waiting for installation', async () => {
    const project = fakeProject();
    const result = await installFromZip(project, zipOf(packageEntries()));
    expect(result).toMatchObject({ info: { uid: 'blog', version: '1.0.0' }, upgrade: false });
    expect(await inspectModule(project, 'blog')).toMatchObject({
      state: ModuleState.waitInstall,
      update: false,
    });
    expect(readText(project, `modules/blog/${SERVER_ENTRY}`)).toContain("'1.0.0'");
    expect(readdirSync(join(project, 'modules'))).toEqual(['blog']);
    expect(await applyPackage(project, 'blog')).toMatchObject({
      status: 'installed',
      copied: [SERVER_ENTRY],
    });
  });

  it('accepts a package wrapped in one folder and ignores state files it carries', async () => {
    const project = fakeProject();
    const entries = [
      ...packageEntries('1.0.0', 'blog-1.0.0/'),
      { name: 'blog-1.0.0/.state.json', data: Buffer.from('{"state":1}') },
    ];
    await installFromZip(project, zipOf(entries));
    expect(await inspectModule(project, 'blog')).toMatchObject({ state: ModuleState.waitInstall });
    expect(readdirSync(join(project, 'modules'))).toEqual(['blog']);
  });

  it('refuses a package without a complete module.json', async () => {
    const project = fakeProject();
    const incomplete = { ...moduleJson(), author: undefined };
    const zip = zipOf([{ name: 'module.json', data: Buffer.from(JSON.stringify(incomplete)) }]);
    await expect(installFromZip(project, zip)).rejects.toThrow(
      'Basic configuration of the Module is incomplete',
    );
    expectNothingLeft(project);
    const noInfo = zipOf([{ name: 'readme.txt', data: Buffer.from('hello') }]);
    await expect(installFromZip(project, noInfo)).rejects.toThrow(
      'Basic configuration of the Module is incomplete',
    );
    expectNothingLeft(project);
  });

  it('refuses a missing file and a file that is not a zip', async () => {
    const project = fakeProject();
    const dir = scratchDir();
    await expect(installFromZip(project, join(dir, 'none.zip'))).rejects.toThrow('Zip file not found');
    writeFileSync(join(dir, 'fake.zip'), 'this is not a zip');
    await expect(installFromZip(project, join(dir, 'fake.zip'))).rejects.toThrow(
      'The module package is damaged or not a zip file',
    );
    expectNothingLeft(project);
  });
});

describe('upgrade rules', () => {
  const disabledUpload = { state: ModuleState.disable, update: false, waitInstall: [], unpacked: true };

  it('refuses the same or an older version of an existing module', async () => {
    const project = fakeProject();
    writeModule(project, { version: '1.2.0' });
    await writeModuleState(project, 'blog', disabledUpload);
    for (const version of ['1.2.0', '1.1.9', 'v1.2.0'])
      await expect(installFromZip(project, zipOf(packageEntries(version)))).rejects.toThrow(
        'Module already exists',
      );
    expect(readJsonFile(project, 'modules/blog/module.json').version).toBe('1.2.0');
  });

  it('replaces a disabled module with a newer version and marks the update', async () => {
    const project = fakeProject();
    writeModule(project, { version: '1.0.0', files: { 'apps/old.txt': 'old' } });
    await writeModuleState(project, 'blog', disabledUpload);
    expect(await installFromZip(project, zipOf(packageEntries('1.0.1')))).toMatchObject({ upgrade: true });
    expect(await inspectModule(project, 'blog')).toMatchObject({
      state: ModuleState.waitInstall,
      update: true,
    });
    expect(existsSync(join(project, 'modules/blog/apps/old.txt'))).toBe(false);
  });

  it('refuses to replace an enabled module', async () => {
    const project = fakeProject();
    writeModule(project, { version: '1.0.0', unpacked: true });
    await applyPackage(project, 'blog');
    await expect(installFromZip(project, zipOf(packageEntries('2.0.0')))).rejects.toThrow(
      'Please disable the module before updating',
    );
    expect(readJsonFile(project, 'modules/blog/module.json').version).toBe('1.0.0');
  });

  it('refuses when the folder of the uid holds something else', async () => {
    const project = fakeProject();
    writeFileSync(join(scratchDir(), 'x'), '');
    writeModule(project, { uid: 'other' });
    const { renameSync } = await import('node:fs');
    renameSync(join(project, 'modules/other'), join(project, 'modules/blog'));
    await expect(installFromZip(project, zipOf(packageEntries()))).rejects.toThrow(
      'The directory required by the module is occupied',
    );
    expect(readJsonFile(project, 'modules/blog/module.json').uid).toBe('other');
  });

  it('refuses to replace a module the project ships, whatever its state', async () => {
    const project = fakeProject();
    writeModule(project, { version: '1.0.0' });
    await writeModuleState(project, 'blog', { ...disabledUpload, unpacked: false });
    await expect(installFromZip(project, zipOf(packageEntries('2.0.0')))).rejects.toThrow(
      'The folder %s is part of the project source',
    );
    expect(readJsonFile(project, 'modules/blog/module.json').version).toBe('1.0.0');
  });
});

describe('hostile archives', () => {
  /** The refusal as the administrator reads it, in English and in Chinese. */
  async function refusal(project: string, entries: RawZipEntry[]): Promise<{ en: string; zh: string }> {
    const error = await installFromZip(project, zipOf(entries)).then(
      () => null,
      (caught: unknown) => caught,
    );
    if (!(error instanceof ApiError)) throw new Error(`expected a refusal, got ${String(error)}`);
    return {
      en: translate(error.message, 'en', error.params),
      zh: translate(error.message, 'zh-cn', error.params),
    };
  }

  async function expectRefused(entries: RawZipEntry[], message: string): Promise<string> {
    const project = fakeProject();
    const { en, zh } = await refusal(project, entries);
    expect(en).toContain(message);
    expect(zh).not.toBe(en);
    expectNothingLeft(project);
    return project;
  }

  it('refuses names that climb out of the folder', async () => {
    for (const name of ['../x', 'apps/../../x', '../../../../../../tmp/portico-escape']) {
      const project = await expectRefused(
        [...packageEntries(), { name, data: Buffer.from('escaped') }],
        `The module package holds an unsafe path: ${name}`,
      );
      expect(existsSync(join(project, 'modules/x'))).toBe(false);
      expect(existsSync(join(project, 'x'))).toBe(false);
    }
    expect(existsSync('/tmp/portico-escape')).toBe(false);
  });

  it('refuses absolute names and backslashes', async () => {
    const target = `/etc/portico-module-test-${process.pid}`;
    await expectRefused(
      [...packageEntries(), { name: target, data: Buffer.from('x') }],
      `The module package holds an unsafe path: ${target}`,
    );
    expect(existsSync(target)).toBe(false);
    await expectRefused([{ name: 'C:/x', data: Buffer.from('x') }], 'unsafe path: C:/x');
    // Backslashes are read as the separators DOS-made zips mean them to be, then checked.
    await expectRefused([{ name: '..\\x', data: Buffer.from('x') }], 'unsafe path: ../x');
  });

  it('refuses a symbolic link and a device file', async () => {
    await expectRefused(
      [...packageEntries(), { name: 'apps/passwd', data: Buffer.from('/etc/passwd'), mode: 0o120777 }],
      'The module package holds a link or device file: apps/passwd',
    );
    await expectRefused(
      [...packageEntries(), { name: 'apps/null', data: Buffer.alloc(0), mode: 0o020666 }],
      'The module package holds a link or device file: apps/null',
    );
  });

  it('refuses 20,000 entries before unpacking any', async () => {
    const entries = Array.from({ length: 20_000 }, (_, i) => ({
      name: `apps/f${i}.txt`,
      data: Buffer.from('x'),
    }));
    await expectRefused(entries, 'The module package holds more than 5000 entries');
  });

  it('refuses 2 GB declared unpacked size before inflating', async () => {
    const { deflated, size } = zerosDeflated(2);
    expect(size).toBe(2 * 1024 ** 3);
    expect(deflated.length).toBeLessThan(5 * 1024 * 1024);
    await expectRefused(
      [...packageEntries(), { name: 'apps/zeros.bin', deflated, uncompressedSize: size, crc: 0 }],
      'The module package is larger than 256 MB when unpacked',
    );
  });

  it('stops inflating 2 GB hidden behind a forged small size', async () => {
    const { deflated } = zerosDeflated(2);
    await expectRefused(
      [...packageEntries(), { name: 'apps/zeros.bin', deflated, uncompressedSize: 1000, crc: 0 }],
      'The module package is damaged or not a zip file',
    );
  });

  it('stops inflating at the cap when the forged size sits just under it', async () => {
    const { deflated } = zerosDeflated(2);
    await expectRefused(
      [
        ...packageEntries(),
        { name: 'apps/zeros.bin', deflated, uncompressedSize: 256 * 1024 * 1024 - 1000, crc: 0 },
      ],
      'The module package is larger than 256 MB when unpacked',
    );
  });
});

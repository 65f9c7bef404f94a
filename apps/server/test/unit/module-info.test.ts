/**
 * module.json validation (what an uploaded package must describe) and the original's version
 * comparison that decides whether an upload may replace an installed module.
 */
import { checkModuleInfo, MODULE_MESSAGES } from '@portico/shared';
import { describe, expect, it } from 'vitest';
import { compareVersion, isUpgrade } from '../../src/features/module/package/version.js';
import { moduleJson } from '../support/module-project.js';

const refusal = (raw: unknown) => {
  const check = checkModuleInfo(raw);
  return check.ok ? 'accepted' : check.message;
};

describe('module.json', () => {
  it('accepts a complete description and fills optional parts', () => {
    const check = checkModuleInfo({
      uid: 'blog',
      title: 'Blog',
      intro: 'x',
      author: 'me',
      version: 'v1.2.3-beta.1',
    });
    expect(check.ok && check.info).toEqual({
      uid: 'blog',
      title: 'Blog',
      intro: 'x',
      author: 'me',
      website: '',
      version: 'v1.2.3-beta.1',
      category: '',
      server: { dependencies: {}, devDependencies: {} },
      web: { dependencies: {}, devDependencies: {} },
      protectedFiles: [],
    });
  });

  it('refuses a missing or empty required field as incomplete', () => {
    for (const key of ['uid', 'title', 'intro', 'author', 'version']) {
      expect(refusal({ ...moduleJson(), [key]: undefined })).toBe(MODULE_MESSAGES.incomplete);
      expect(refusal({ ...moduleJson(), [key]: ' ' })).toBe(MODULE_MESSAGES.incomplete);
    }
    expect(refusal(null)).toBe(MODULE_MESSAGES.incomplete);
    expect(refusal([])).toBe(MODULE_MESSAGES.incomplete);
  });

  it('refuses uids that are not lower-case names of at most 40 characters, and reserved ones', () => {
    for (const uid of ['Blog', '1blog', '-blog', 'blog/x', '../x', 'a'.repeat(41), 'blog.x'])
      expect(refusal({ ...moduleJson(), uid })).toBe(MODULE_MESSAGES.uid);
    expect(refusal({ ...moduleJson(), uid: 'a'.repeat(40) })).toBe('accepted');
    expect(refusal({ ...moduleJson(), uid: 'my-blog_2' })).toBe('accepted');
    expect(refusal({ ...moduleJson(), uid: 'backups' })).toBe(MODULE_MESSAGES.reservedUid);
  });

  it('refuses versions that are not semver-like', () => {
    for (const version of ['latest', '1.2.3.4.5', '1..2', '1.2.x', '1.2.3 '])
      expect(refusal({ ...moduleJson(), version })).toBe(MODULE_MESSAGES.version);
  });

  it('refuses dependencies that are not registry packages with version ranges', () => {
    const bad = [
      { dependencies: { lodash: 'file:../../etc' } },
      { dependencies: { lodash: 'git+https://example.com/x.git' } },
      { dependencies: { 'Bad Name': '^1.0.0' } },
      { devDependencies: { vitest: 4 } },
      { dependencies: ['lodash'] },
    ];
    for (const server of bad) expect(refusal({ ...moduleJson(), server })).toBe(MODULE_MESSAGES.dependencies);
    expect(refusal({ ...moduleJson(), web: 'react' })).toBe(MODULE_MESSAGES.dependencies);
    const good = { dependencies: { '@scope/pkg': '^1.2.3', dayjs: '>=1 <2' }, devDependencies: { x: '1.x' } };
    expect(refusal({ ...moduleJson(), web: good })).toBe('accepted');
  });

  it('refuses protected files outside the project', () => {
    for (const protectedFiles of [['../x'], ['/etc/passwd'], ['a/../../b'], ['C:/x'], ['a\\b'], 'x'])
      expect(refusal({ ...moduleJson(), protectedFiles })).toBe(MODULE_MESSAGES.protectedFiles);
  });

  it('refuses over-long texts, naming the field', () => {
    const check = checkModuleInfo({ ...moduleJson(), title: 'x'.repeat(101) });
    expect(check).toEqual({ ok: false, message: MODULE_MESSAGES.text, params: ['title', '100'] });
  });
});

describe('version comparison (as in the original)', () => {
  it('answers whether b is at least a', () => {
    expect(compareVersion('1.0.0', '1.0.1')).toBe(true);
    expect(compareVersion('1.0.1', '1.0.0')).toBe(false);
    expect(compareVersion('1.2.0', '1.10.0')).toBe(true);
    expect(compareVersion('v1.0.0', '1.0.0')).toBe(true);
    expect(compareVersion('*', '0.0.1')).toBe(true);
    expect(compareVersion('1.0.0', '')).toBe(false);
    expect(compareVersion('1.0.0', false)).toBe(false);
    expect(compareVersion('1.0', '1.0.0')).toBe(true);
    expect(compareVersion('1.0.0', '1.0')).toBe(false);
    expect(compareVersion('1.0.0-beta', '1.0.0-rc')).toBe(false);
  });

  it('lets an upload replace a module only with at least its next patch', () => {
    expect(isUpgrade('1.0.0', '1.0.1')).toBe(true);
    expect(isUpgrade('1.0.0', '1.1.0')).toBe(true);
    expect(isUpgrade('1.0.0', '2.0.0')).toBe(true);
    expect(isUpgrade('1.0.0', '1.0.0')).toBe(false);
    expect(isUpgrade('1.0.1', '1.0.0')).toBe(false);
    expect(isUpgrade('v1.2.3', '1.2.4')).toBe(true);
  });
});

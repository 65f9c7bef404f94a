/**
 * A table comment longer than where its title is stored (a menu rule's title, 50 characters;
 * module.json's title, 100) is cut there, by characters, so the install and the restart that
 * enables the rules do not fail on MariaDB and PostgreSQL; the intro keeps it whole.
 */
import { describe, expect, it } from 'vitest';
import { checkDesign, generateModule } from '../../../../src/areas/crud/generator/index.js';
import { everyTypeDesign } from './every-type-design.js';

describe('a long table comment', () => {
  it('is cut to the menu rule title and module title lengths', () => {
    const body = everyTypeDesign();
    const comment = '表'.repeat(40) + '😀'.repeat(80);
    const generated = generateModule(checkDesign({ ...body, table: { ...body.table, comment } }), null);
    const info = JSON.parse(generated.files['module.json'] ?? '{}');
    expect(info.title).toBe('表'.repeat(40) + '😀'.repeat(60));
    expect(info.intro).toBe(comment);
    const index = generated.files['apps/server/src/modules/crud_every/index.ts'] ?? '';
    const short = `'${'表'.repeat(40)}${'😀'.repeat(10)}'`;
    expect(index).toContain(`title: [${short}, ${short}]`);
  });
});

/**
 * readPreviousGeneration reads back what a generation wrote: the design (checked again), the
 * version and the migrations' sources, byte for byte; a folder without a design has none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkDesign,
  generateModule,
  readPreviousGeneration,
} from '../../../../src/areas/crud/generator/index.js';
import { everyTypeDesign } from './every-type-design.js';
import { writePackage } from './scratch-project.js';

const project = mkdtempSync(join(tmpdir(), 'portico-crudgen-read-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('readPreviousGeneration', () => {
  it('reads back the design, the version and the migrations byte for byte', async () => {
    const design = checkDesign(everyTypeDesign());
    const generated = generateModule(design, null);
    const dir = writePackage(project, generated);
    const previous = await readPreviousGeneration(dir);
    expect(previous?.version).toBe('1.0.0');
    expect(previous?.design.fields).toEqual(design.fields);
    expect(previous?.migrations).toEqual([
      generated.files[`apps/server/src/modules/${generated.uid}/migrations/m0001.ts`],
    ]);
  });

  it('answers null for a folder without a generated design', async () => {
    expect(await readPreviousGeneration(join(project, 'nothing'))).toBeNull();
  });
});

/**
 * A small stand-in for the CRUD generator's generating functions, for the tests of the crud.Crud
 * endpoints (what they do with a generation, not what it holds; the real generator's output is
 * checked in areas/crud/crud-generated-module.test.ts): per generation a module.json, the design
 * and one web file, a patch version more each time. Used as
 * `vi.mock('…/areas/crud/generator/index.js', async (importOriginal) => ({ ...(await importOriginal()), ...(await import('…/support/fake-crud-generator.js')).FAKE_GENERATOR }))`,
 * so the entry's constants (DESIGN_FILE) stay real.
 */
import { readFile } from 'node:fs/promises';

interface Design {
  table: { name: string };
  fields: { name: string }[];
}
interface Previous {
  design: Design;
  version: string;
  migrations: string[];
}

const bump = (version: string) => version.replace(/(\d+)$/, (n) => String(Number(n) + 1));

/** The one web file a fake generation writes, with its uid and version in it. */
export const fakeWebFile = (uid: string) => `apps/web/src/modules/${uid}/index.ts`;

export const FAKE_GENERATOR = {
  checkDesign: (body: Design) => body,
  dropsOf: (design: Design, previous: Previous | null) =>
    (previous?.design.fields ?? [])
      .map((field) => field.name)
      .filter((name) => !design.fields.some((field) => field.name === name)),
  generateModule: (design: Design, previous: Previous | null) => {
    const uid = design.table.name;
    const version = previous ? bump(previous.version) : '1.0.0';
    return {
      uid,
      version,
      files: {
        'module.json': JSON.stringify({
          uid,
          title: uid,
          intro: 'Generated',
          author: 'CRUD',
          website: '',
          version,
          category: 'CRUD',
        }),
        'crud-design.json': JSON.stringify(design),
        [fakeWebFile(uid)]: `export const generated = '${uid} ${version}';\n`,
      },
    };
  },
  formatModule: async (generated: unknown) => generated,
  readPreviousGeneration: async (dir: string) => {
    try {
      const design = JSON.parse(await readFile(`${dir}/crud-design.json`, 'utf8'));
      const { version } = JSON.parse(await readFile(`${dir}/module.json`, 'utf8'));
      return { design, version, migrations: [] };
    } catch {
      return null;
    }
  },
};

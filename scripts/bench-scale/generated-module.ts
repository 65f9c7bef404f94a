/**
 * The generated screen the bench measures: a "products" design made with the real CRUD
 * generator (checkDesign, generateModule, formatModule: what crud.Crud/generate writes) and
 * placed in a scratch copy of the project, whose server then bundles and enables it as it does
 * any module folder in apps/server/src/modules (a module shipped with the project, enabled on
 * first sight). The checkout is never changed.
 *
 * Why not through crud.Crud/generate on the running server: the endpoint's install would also
 * rebuild the web app and restart, minutes of work that say nothing of the list queries. The
 * files, and so the migration, resource and indexes, are the same.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
// The generator reaches the SDK's upload helper, whose request fields this package declares
// (the server's own program has it through its upload routes; this one would not).
import type {} from '@fastify/multipart';
import {
  type CrudField,
  type CrudGenerateBody,
  FIELD_PALETTE,
  paletteField,
} from '@portico/shared/crud-design';
import {
  checkDesign,
  formatModule,
  generateModule,
} from '../../apps/server/src/areas/crud/generator/index.js';

export const PRODUCT_TABLE = 'bench_product';
/** The generated resource's path (the generator's controller name: `bench.Product`). */
export const PRODUCT_API = '/admin/bench.Product/';
export const PRODUCT_STATUSES = ['draft', 'sale', 'gone'] as const;

/** A palette field, renamed and adjusted. */
function field(key: string, name: string, extra: Partial<CrudField> = {}): CrudField {
  const item = FIELD_PALETTE.find((candidate) => candidate.key === key);
  if (!item) throw new Error(`no palette field ${key}`);
  const base = paletteField(item);
  return {
    ...base,
    name,
    ...extra,
    table: { ...base.table, ...extra.table },
    form: { ...base.form, ...extra.form },
  };
}

/**
 * A products table as a site owner designs it: a quick search on the key and the title, a
 * status select, a sortable price, weigh, creation time (sortable) and a switch.
 */
export function productDesign(): CrudGenerateBody {
  const select = field('Select', 'status', {
    comment: 'Status:draft=Draft,sale=On sale,gone=Sold out',
    dataType: "enum('draft','sale','gone')",
    default: 'draft',
  });
  const fields = [
    field('Primary key', 'id'),
    field('String', 'title', { comment: 'Title', length: 100 }),
    select,
    field('Float', 'price', { comment: 'Price', length: 10, table: { sortable: 'custom' } }),
    field('Weigh', 'weigh'),
    field('Switch', 'visible', { comment: 'Visible:0=Hidden,1=Shown' }),
    field('Update time', 'update_time'),
    field('Create time', 'create_time', { table: { sortable: 'custom' } }),
  ];
  return {
    type: 'create',
    table: {
      name: PRODUCT_TABLE,
      comment: 'Products',
      // The key and the title, as the original's designer starts a quick search.
      quickSearchField: ['id', 'title'],
      defaultSortField: 'id',
      defaultSortType: 'desc',
      columnFields: [],
      formFields: [],
      designChange: [],
      rebuild: 'No',
    },
    fields,
  };
}

/**
 * A scratch copy of the project's files (tracked and new, as git lists them) with a
 * node_modules of links to the checkout's packages, except the workspace's own, which point
 * at the copy's: the generated server code imports its wire from the copy's packages/shared.
 */
export function scratchProject(root = resolve('.')): string {
  const project = join(mkdtempSync(join(tmpdir(), 'portico-bench-project-')), 'project');
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of listed.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(project, file)), { recursive: true });
    try {
      cpSync(join(root, file), join(project, file));
    } catch {
      // Deleted in the work tree but still tracked: not part of the project now.
    }
  }
  const modules = join(project, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry !== '@portico') symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
  }
  const workspace: Record<string, string> = {
    server: 'apps/server',
    web: 'apps/web',
    shared: 'packages/shared',
    'server-sdk': 'packages/server-sdk',
    'web-sdk': 'packages/web-sdk',
  };
  mkdirSync(join(modules, '@portico'));
  for (const [name, folder] of Object.entries(workspace))
    symlinkSync(join(project, folder), join(modules, '@portico', name));
  return project;
}

/**
 * Generates the products module and places its server side and its wire in `project`, as the
 * installer's copy does; answers the generated files' paths.
 */
export async function placeProductModule(project: string): Promise<string[]> {
  const generated = await formatModule(generateModule(checkDesign(productDesign()), null), project);
  const placed: string[] = [];
  for (const [path, source] of Object.entries(generated.files)) {
    // The web side is not needed for the lists; the package files stay out of modules/, where
    // the installer would wait for an install step.
    if (!path.startsWith('apps/server/') && !path.startsWith('packages/shared/')) continue;
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), source);
    placed.push(path);
  }
  return placed;
}

export function removeScratchProject(project: string): void {
  rmSync(dirname(project), { recursive: true, force: true });
}

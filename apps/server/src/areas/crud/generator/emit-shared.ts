/**
 * The generated module's wire types (packages/shared/src/modules/<uid>/index.ts), imported by
 * both sides as `@portico/shared/modules/<uid>`, and the package's module.json and tsconfig.json.
 */
import type { CheckedDesign } from './check-design.js';
import { tsType } from './column-types.js';
import { isSecret, MODULE_TITLE_LENGTH, namesOf, shortTableTitle, tableTitle } from './design-fields.js';
import { generatedHeader, key } from './source-text.js';

export function sharedWire(design: CheckedDesign): string {
  const n = namesOf(design);
  const fields = design.fields
    .filter((field) => !isSecret(field))
    .map((field) => `  ${key(field.name)}: ${tsType(field)};`)
    .join('\n');
  return `${generatedHeader(n.table, `The wire of the module ${n.table}: its controller and its rows.`)}

/** The back-office controller: \`/admin/${n.controller}/<action>\`. */
export const ${n.constant}_CONTROLLER = '${n.controller}';

/** A row as the list and the edit form receive it (passwords are never sent). */
export interface ${n.type}Row {
${fields}
}
`;
}

export function moduleJson(design: CheckedDesign, version: string): string {
  const info = {
    uid: design.table.name,
    title: shortTableTitle(design, MODULE_TITLE_LENGTH),
    intro: tableTitle(design),
    author: 'CRUD generator',
    website: '',
    version,
    category: 'CRUD',
  };
  return `${JSON.stringify(info, null, 2)}\n`;
}

/** `npm run typecheck` checks the package before it is installed, as modules/checkin's does. */
export function packageTsconfig(design: CheckedDesign): string {
  const table = design.table.name;
  return `{
  "extends": "../../apps/web/tsconfig.json",
  "compilerOptions": {
    // The multipart types: the core's upload reader uses them, and a generated resource
    // reaches it without importing the routes that register them.
    "types": ["vite/client", "node", "@fastify/multipart"],
    // Before installation the module's wire types are only in the package itself.
    "paths": { "@portico/shared/modules/${table}": ["./packages/shared/src/modules/${table}/index.ts"] }
  },
  "include": ["apps/web/src", "apps/server/src", "packages/shared/src"]
}
`;
}

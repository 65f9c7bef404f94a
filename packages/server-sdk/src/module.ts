/**
 * Declaring a module or a built-in area: its routes, tables, migrations, menu rules, language
 * packs and lifecycle events (docs/architecture.md, "Module contract").
 */

/** Column builders that mean the same on SQLite, MySQL/MariaDB and PostgreSQL, for migrations. */
export { columnKit } from '../../../apps/server/src/db/migrations/columns.js';
/**
 * A table's exact row count and rows per block of ids, kept by triggers, so its list shows an
 * exact total and reads its last and deep pages fast at millions of rows, as the members' do.
 */
export {
  dropLargeTableCounts,
  type LargeTableOptions,
  largeTableCounts,
} from '../../../apps/server/src/db/migrations/large-table-counts.js';
/**
 * A table's substring search index (SQLite FTS5, MySQL/MariaDB trigram side table, PostgreSQL
 * pg_trgm), made or remade by a migration; the resource declares the same columns (searchIndex).
 */
export { type SearchIndexOptions, searchIndex } from '../../../apps/server/src/db/migrations/search-index.js';
export {
  defineModule,
  type LanguagePack,
  type MigrationEnv,
  type ModuleAdminRule,
  type ModuleDefinition,
  type ModuleEvents,
  type ModuleMemberRule,
} from '../../../apps/server/src/module-contract/define.js';
export { adminRuleTree, seededAdminRules } from '../../../apps/server/src/module-contract/seeded-rules.js';
/** Portico's own version (its package.json's), e.g. for a document describing this site. */
export { productVersion } from '../../../apps/server/src/product-version.js';

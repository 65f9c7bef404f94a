/**
 * Adds the configured table prefix (default `ba_`, as in the original product) to every
 * logical table name, so code and types use `admin` while the database has `ba_admin`.
 * Only known table names are rewritten: aliases such as `a` in `selectFrom('admin as a')`
 * stay as they are.
 *
 * The prefix is written while the query is compiled to SQL. A Kysely plugin would have to
 * copy the whole query tree first, which doubled the cost of building a list query.
 */
import {
  type DefaultQueryCompiler,
  type Dialect,
  IdentifierNode,
  MysqlQueryCompiler,
  PostgresQueryCompiler,
  type QueryCompiler,
  type SchemableIdentifierNode,
  SqliteQueryCompiler,
  type TableNode,
} from 'kysely';

type CompilerClass = new () => DefaultQueryCompiler;

function prefixing(
  Base: CompilerClass,
  prefix: string,
  tables: ReadonlySet<string>,
): new () => QueryCompiler {
  return class extends Base {
    protected override visitTable(node: TableNode): void {
      const { identifier } = node.table;
      if (!tables.has(identifier.name)) {
        super.visitTable(node);
        return;
      }
      const table: SchemableIdentifierNode = {
        ...node.table,
        identifier: IdentifierNode.create(prefix + identifier.name),
      };
      this.visitNode(table);
    }
  };
}

const COMPILERS = {
  sqlite: SqliteQueryCompiler,
  mysql: MysqlQueryCompiler,
  postgres: PostgresQueryCompiler,
} satisfies Record<string, CompilerClass>;

/**
 * The dialect, compiling with the table prefix. A Set is used as given, so tables added to it
 * later (a module's own tables, declared when the app is built) are prefixed too.
 */
export function withTablePrefix(
  dialect: Dialect,
  kind: keyof typeof COMPILERS,
  prefix: string,
  tables: Iterable<string>,
): Dialect {
  const Compiler = prefixing(COMPILERS[kind], prefix, tables instanceof Set ? tables : new Set(tables));
  return {
    createDriver: () => dialect.createDriver(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => new Compiler(),
  };
}

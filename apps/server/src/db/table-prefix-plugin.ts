/**
 * Adds the configured table prefix (default `ba_`, as in the original product) to every
 * logical table name in a query, so code and types use `admin` while the database has
 * `ba_admin`. Only known table names are rewritten: aliases such as `a` in
 * `selectFrom('admin as a')` stay as they are.
 */
import {
  IdentifierNode,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  SchemableIdentifierNode,
  type TableNode,
  type UnknownRow,
} from 'kysely';

class PrefixTransformer extends OperationNodeTransformer {
  constructor(
    private readonly prefix: string,
    private readonly tables: ReadonlySet<string>,
  ) {
    super();
  }

  protected override transformTable(node: TableNode): TableNode {
    const transformed = super.transformTable(node);
    const name = transformed.table.identifier.name;
    if (!this.tables.has(name)) return transformed;
    const identifier = IdentifierNode.create(this.prefix + name);
    const table = transformed.table.schema
      ? { ...transformed.table, identifier }
      : SchemableIdentifierNode.create(identifier.name);
    return { ...transformed, table };
  }
}

export class TablePrefixPlugin implements KyselyPlugin {
  private readonly transformer: PrefixTransformer;

  constructor(prefix: string, tables: Iterable<string>) {
    this.transformer = new PrefixTransformer(prefix, new Set(tables));
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * The query of a deep page's ids (crud/list-page-rows.ts), shaped so the skip walks the
 * narrowest index there is.
 *
 * The page's ids need no lookup table a list joins for its columns (the member's group name):
 * a left join on the looked-up table's id adds no rows and removes none. PostgreSQL removes
 * such a join but still reads the joining column from the table, and SQLite likewise, so the
 * ids came from the rows instead of the index alone (an index-only scan). Joins whose table
 * the filters or the order name anywhere stay.
 *
 * MySQL, in id order over the whole table: the table's index on the id alone is named, which
 * MariaDB would pass over for the primary key (db/migrations/0017-id-order-indexes.ts).
 */
import {
  type JoinNode,
  type KyselyPlugin,
  type OperationNode,
  type RootOperationNode,
  type SelectQueryNode,
  sql,
} from 'kysely';
import type { IdOrderIndex } from '../db/large-tables.js';
import type { AnySelect } from './query-types.js';

/** `query`'s ids (as page_id), without lookup joins; through `idIndex` when it reads the whole table. */
export function pageIdsQuery(
  query: AnySelect,
  pk: ReturnType<typeof sql.ref>,
  idIndex: IdOrderIndex | undefined,
): AnySelect {
  const ids = query.clearSelect().clearOrderBy().select(pk.as('page_id')).withPlugin(WITHOUT_LOOKUP_JOINS);
  return idIndex ? ids.withPlugin(throughIndex(idIndex)) : ids;
}

const WITHOUT_LOOKUP_JOINS: KyselyPlugin = {
  transformQuery: ({ node }) => (node.kind === 'SelectQueryNode' ? withoutLookupJoins(node) : node),
  transformResult: async ({ result }) => result,
};

function withoutLookupJoins(node: SelectQueryNode): RootOperationNode {
  if (!node.joins) return node;
  const named = JSON.stringify([node.where, node.orderBy, node.groupBy, node.having]);
  const joins = node.joins.filter((join) => {
    const name = lookupName(join);
    // As a whole word: `admin` is not named by `admin_log.id`.
    return !name || new RegExp(`\\b${name}\\b`).test(named);
  });
  if (joins.length === node.joins.length) return node;
  return { ...node, joins: joins.length > 0 ? joins : undefined };
}

/**
 * Whether every join of the query looks a value up (`left join t on t.id = …`): such joins
 * neither add rows nor remove any, so the query's rows are its first table's.
 */
export function joinsOnlyLookUp(node: SelectQueryNode): boolean {
  return (node.joins ?? []).every((join) => lookupName(join) !== null);
}

/** The table's name (or alias) when the join is `left join t on t.id = …`; else null. */
function lookupName(join: JoinNode): string | null {
  if (join.joinType !== 'LeftJoin') return null;
  const name = nameOf(join.table);
  const on = join.on?.on;
  if (!name || on?.kind !== 'BinaryOperationNode') return null;
  const { leftOperand, operator, rightOperand } = on as OperationNode & {
    leftOperand: OperationNode;
    operator: OperationNode & { operator?: string };
    rightOperand: OperationNode;
  };
  if (operator.operator !== '=') return null;
  const isId = (operand: OperationNode) => {
    const ref = operand as OperationNode & {
      column?: { column?: { name?: string } };
      table?: { table?: { identifier?: { name?: string } } };
    };
    return (
      operand.kind === 'ReferenceNode' &&
      ref.column?.column?.name === 'id' &&
      ref.table?.table?.identifier?.name === name
    );
  };
  return isId(leftOperand) || isId(rightOperand) ? name : null;
}

function nameOf(table: OperationNode): string | undefined {
  const node = table as OperationNode & {
    table?: { identifier?: { name?: string } };
    node?: OperationNode;
    alias?: { name?: string };
  };
  if (table.kind === 'AliasNode') return node.alias?.name;
  return table.kind === 'TableNode' ? node.table?.identifier?.name : undefined;
}

/** Names the index to read its table through, when the query reads that table unfiltered. */
function throughIndex(index: IdOrderIndex): KyselyPlugin {
  return {
    transformQuery: ({ node }) => {
      if (
        node.kind !== 'SelectQueryNode' ||
        node.where ||
        node.joins?.length ||
        node.from?.froms.length !== 1
      )
        return node;
      const [table] = node.from.froms;
      if (table?.kind !== 'TableNode' || nameOf(table) !== index.table) return node;
      const hinted = sql`${sql.table(index.table)} force index (${sql.id(index.name)})`.toOperationNode();
      return { ...node, from: { ...node.from, froms: [hinted] } };
    },
    transformResult: async ({ result }) => result,
  };
}

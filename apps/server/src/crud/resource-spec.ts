/**
 * What a back-office table declares to the resource helper (resource.ts): its table, list
 * whitelist, how rows are shown, validated and saved. Kept apart so that the list readers
 * (list-rows.ts, the export) and the helper share it without importing each other.
 */
import type { ImportChoice } from '@portico/shared';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, TableName } from '../db/schema.js';
import type { ActionSpec } from '../http/routes.js';
import type { Lang } from '../i18n/index.js';
import type { ListSpec } from './list-query.js';
import type { AnySelect } from './query-types.js';
import type { WriteContext } from './write-context.js';

export type Row = Record<string, unknown>;

export interface ResourceSpec<
  A extends z.ZodType = z.ZodType,
  E extends z.ZodType = z.ZodType,
  P = z.output<A>,
> {
  /** Dotted controller as in the URL: `auth.Admin`. */
  controller: string;
  /**
   * Permission keys of the generic actions (by action name) when they are not derived from the
   * controller: the original's crud.Log checks `crud/crud/index`, a rule of another controller.
   */
  permissions?: Partial<Record<string, string>>;
  table: TableName;
  list: ListSpec;
  /**
   * The columns of the table's substring search index, as its migration made it with the SDK's
   * searchIndex (a module's table; the core's are declared in db/search-tables.ts): the quick
   * search, when every quick-search field is one of them, and LIKE filters on them read the
   * index instead of scanning (crud/search-index.ts, trigram-search.ts; PostgreSQL's planner
   * finds its pg_trgm indexes by itself).
   */
  searchIndex?: readonly string[];
  /**
   * The B-tree indexes its migration made (a module's table), each a column list ending in the
   * key: a RANGE on a leading column takes the page's ids from that index, as the members'
   * time ranges do (crud/list-query.ts rangeDriven).
   */
  listIndexes?: readonly (readonly string[])[];
  /** The list query with its joins and selected columns (never secrets). */
  listQuery(db: Kysely<Database>, request: FastifyRequest): AnySelect | Promise<AnySelect>;
  /** Adds or reshapes fields of listed rows (e.g. group names). */
  present?(rows: Row[], request: FastifyRequest): Promise<Row[]>;
  /**
   * Shows seeded labels (i18n/seeded-titles.ts) in the reader's language, after `present`. Lists
   * and selects only: never the edit form, which must save what is stored.
   */
  localise?(rows: Row[], lang: Lang): Row[];
  /** Tree resources answer every matching row nested under its parent (no paging). */
  tree?: { selectLabel: string; selectFilter?: (row: Row) => boolean };
  /**
   * A row as listed and as loaded into the edit form: the fields a client may rely on
   * (more may come). Under test every answer is checked against it.
   */
  row: z.ZodType;
  /** Loads one row for the edit form; undefined when missing or not the caller's to see. */
  loadRow?(id: number, request: FastifyRequest): Promise<Row | undefined>;
  /** The add form's fields, validated before `add` runs. */
  addBody?: A;
  /**
   * The slow part of an add that needs no database (hashing a password), run before the add's
   * transaction opens; `add` gets what it answers. An import prepares all its rows first, so
   * its one transaction holds the database (SQLite's only writer) just for the writes.
   */
  prepareAdd?(data: z.output<A>): Promise<P>;
  add?(data: P, w: WriteContext): Promise<void>;
  /** The edit form's fields (the row's `id` comes beside them), validated before `edit` runs. */
  editBody?: E;
  edit?(id: number, data: z.output<E>, w: WriteContext): Promise<void>;
  /** As `prepareAdd`, for an edit: run before the edit's transaction opens. */
  prepareEdit?(data: z.output<E>): Promise<z.output<E>>;
  /**
   * Refuses an edit of a row out of the caller's reach (a super administrator, a group above
   * theirs) before the form is judged, so what they hear is "no permission", whatever they sent.
   * `edit` checks again inside its transaction.
   */
  assertReach?(id: number, request: FastifyRequest): Promise<void> | void;
  /** Deletes the rows (already limited to existing ids); returns how many went. */
  del?(ids: number[], w: WriteContext): Promise<number>;
  /**
   * Rows may be imported from CSV or Excel (crud/import/): each is checked by `addBody` and saved
   * by `add`, all in one transaction. Needs both.
   */
  importable?: boolean;
  /**
   * Fields of the add form that hold ids of named rows (a member's group): an import's cell may
   * name them instead, and the import dialog offers the names for a value every row shares.
   */
  importChoices?: Record<string, (db: Kysely<Database>, lang: Lang) => Promise<ImportChoice[]>>;
  /** Sort by swapping `weigh` of two rows. */
  sortable?: boolean;
  /**
   * Fields the list toggles in place (switch cells post `{id, field}` alone). Such an edit
   * is completed with the stored row and goes through `edit`, so every rule still holds.
   */
  switchFields?: string[];
  /** Extra fields of the edit form's answer beside `row` (the original's `controllers`), declared. */
  editExtra?: { data: Record<string, z.ZodType>; load(request: FastifyRequest): Promise<Row> };
  /** Extra fields of the index answer (e.g. the caller's own groups). */
  indexExtra?(request: FastifyRequest): Promise<Row>;
  /** Extra actions of this controller. */
  actions?: ActionSpec[];
}

/** A validated add-form body made ready for `add`: prepared when the resource says how. */
export function prepareAdd(spec: ResourceSpec, data: unknown): Promise<unknown> {
  return spec.prepareAdd ? spec.prepareAdd(data) : Promise.resolve(data);
}

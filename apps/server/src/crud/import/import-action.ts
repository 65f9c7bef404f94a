/**
 * Importing rows into a list from CSV or Excel: `importPreview` reads the file and
 * answers its first rows with a guessed column mapping; `import` checks every row with the add
 * form's own rules and saves them all through the resource's own `add` in one transaction (made
 * ready by its `prepareAdd` before the transaction opens), or, when any row is refused, none:
 * every line the form refuses is answered, with its field and why, or else the first line the
 * save refuses (a duplicate name), with its field when the refusal names one. Before the form,
 * names and labels become the ids and codes it takes, and fields no column fills take the value
 * given for every row (import-choices.ts). Both need the list's `…/import` permission; the
 * import is recorded in the admin log with its counts.
 */
import { IMPORT_MAX_BYTES, IMPORT_PREVIEW_ROWS, type ImportRefusal } from '@portico/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { mergeSegments } from '../../db/segment-merge.js';
import { ok } from '../../http/envelope.js';
import { ApiError, Code, FieldError } from '../../http/errors.js';
import { type ActionSpec, defineAction, permissionKey } from '../../http/routes.js';
import { receiveFile } from '../../http/uploaded-file.js';
import { parseInput } from '../../http/validate.js';
import { translate } from '../../i18n/index.js';
import type { RowWriter } from '../resource-services.js';
import { prepareAdd, type ResourceSpec } from '../resource-spec.js';
import { runWrite } from '../run-write.js';
import { loadChoices, parseValues, resolveNames, withChoices, withLabels } from './import-choices.js';
import { formFields, guessMapping, parseMapping, readTable, rowBody } from './import-rows.js';

/** Data rows start on the file's second line. */
const FIRST_DATA_LINE = 2;
/** The mapping field can name up to a hundred columns; values and labels, a few fields'. */
const MAX_FIELD_BYTES = 16 * 1024;

const previewAnswer = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  total: z.number(),
  fields: z.array(z.object({ name: z.string(), required: z.boolean() })),
  mapping: z.array(z.string().nullable()),
});

export function importActions(ctx: RowWriter, spec: ResourceSpec): ActionSpec[] {
  const { add, addBody } = spec;
  if (!spec.importable || !add || !addBody) return [];
  const fields = formFields(addBody);
  const permission = permissionKey(spec.controller, 'import');
  return [
    defineAction({
      action: 'importPreview',
      method: 'POST',
      permission,
      schema: {
        summary: 'Read an upload (multipart `file`, CSV or Excel): its first rows and a guessed mapping',
        data: previewAnswer,
      },
      handler: async (request) => {
        // Reading a file changes nothing: no entry in the admin log (the import itself has one).
        request.adminLog.skip = true;
        const { table } = await receive(request);
        return ok({
          columns: table.columns,
          rows: table.rows.slice(0, IMPORT_PREVIEW_ROWS),
          total: table.rows.length,
          fields: withChoices(fields, await loadChoices(spec, ctx.db.kysely, request.lang)),
          mapping: guessMapping(table.columns, fields),
        });
      },
    }),
    defineAction({
      action: 'import',
      method: 'POST',
      schema: {
        summary:
          'Import every row of an upload (multipart `mapping`, optional `values` and `labels`, each JSON, then `file`), all or none; refusals are answered in `data.refused`',
        data: z.object({ imported: z.number() }),
      },
      handler: async (request) => {
        const { table, fieldsSent, filename } = await receive(request);
        const mapping = parseMapping(fieldsSent.mapping ?? '', table.columns, fields);
        const named = await loadChoices(spec, ctx.db.kysely, request.lang);
        const choices = withLabels(named, fieldsSent.labels, fields);
        const values = parseValues(fieldsSent.values, mapping, fields, choices);
        const refused: ImportRefusal[] = [];
        const refuse = (line: number, error: ApiError, field: string | null) =>
          refused.push({
            line,
            field,
            message: translate(error.message, request.lang, error.params),
          });
        const bodies = table.rows.flatMap((row, i) => {
          const line = i + FIRST_DATA_LINE;
          // The shared values were resolved once, by parseValues: here, the file's own cells.
          const resolved = resolveNames(rowBody(row, mapping), choices);
          if ('unknown' in resolved) {
            refuse(line, new ApiError('Unknown value: %s', [resolved.unknown]), resolved.field);
            return [];
          }
          const body = { ...values, ...resolved.body };
          try {
            return [{ line, data: parseInput(addBody, body) }];
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            refuse(line, error, failingField(addBody, body));
            return [];
          }
        });
        // Which fields took one value for every row, not the values: one may be a password.
        request.adminLog.data = {
          file: filename,
          rows: table.rows.length,
          mapping,
          valuesFor: Object.keys(values),
        };
        if (refused.length === 0) {
          // Hashing a password takes tens of milliseconds: done for every row before the
          // transaction opens, so it holds the database only for the writes.
          const prepared = await prepareRows(spec, bodies);
          await runWrite(ctx.db.kysely, request, async (w) => {
            for (const { line, data } of prepared) {
              try {
                await add(data, w);
              } catch (error) {
                if (!(error instanceof ApiError)) throw error;
                // The first refusal by the save (a name already taken) undoes every row added
                // before it; going on could meet a transaction the database has given up on.
                refuse(line, error, error instanceof FieldError ? error.field : null);
                throw new RolledBack();
              }
            }
            // A segmented search index (MySQL's members) takes the rows in now rather than on
            // the merge timer's next tick: until then every search checks them one by one. A
            // failed merge leaves them to the timer; the import stands.
            w.afterCommit(() =>
              mergeSegments(ctx.db, spec.table).then(
                () => undefined,
                (error) => request.log.warn({ err: error }, 'merging the search segments failed'),
              ),
            );
          }).catch((error) => {
            if (!(error instanceof RolledBack)) throw error;
          });
        }
        if (refused.length > 0) {
          throw new ApiError(
            '%s of %s rows were refused; nothing was imported',
            [refused.length, table.rows.length],
            Code.error,
            { refused },
          );
        }
        await ctx.caches.changed('rules');
        return ok({ imported: bodies.length }, 'Imported %s rows', [bodies.length]);
      },
    }),
  ];
}

class RolledBack extends Error {}

/**
 * Rows made ready for `add`, two at a time: argon2 runs in libuv's small thread pool, which
 * file reads and compression share, so an import must not take all of it.
 */
const PREPARING_AT_ONCE = 2;

async function prepareRows<R extends { data: unknown }>(spec: ResourceSpec, rows: R[]): Promise<R[]> {
  const prepared: R[] = new Array(rows.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < rows.length; i = next++) {
      const row = rows[i] as R;
      prepared[i] = { ...row, data: await prepareAdd(spec, row.data) };
    }
  };
  await Promise.all(Array.from({ length: PREPARING_AT_ONCE }, lane));
  return prepared;
}

/** The field the form's first complaint is about (what parseInput's message describes). */
function failingField(schema: z.ZodType, body: unknown): string | null {
  const result = schema.safeParse(body);
  const [field] = result.success ? [] : (result.error.issues[0]?.path ?? []);
  return field === undefined ? null : String(field);
}

/** The upload: its table, and the text fields sent before it. */
async function receive(request: FastifyRequest) {
  const tooLarge = () => new ApiError('The file is larger than %s MiB', [IMPORT_MAX_BYTES / 1024 / 1024]);
  const file = await receiveFile(request, {
    maxBytes: IMPORT_MAX_BYTES,
    fieldBytes: MAX_FIELD_BYTES,
    tooLarge,
  });
  return { table: await readTable(file.bytes), fieldsSent: file.fields, filename: file.filename };
}

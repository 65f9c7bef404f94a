/**
 * The route schemas of a list (`index`) and of the generic resource actions. The list
 * query is declared as the wire carries it (PHP bracket notation arrives as nested objects);
 * parseListParams then judges it against the resource's whitelist, with its own messages.
 */
import { SEARCH_OPERATORS } from '@portico/shared';
import { z } from 'zod';
import { ApiError } from '../http/errors.js';
import { input } from '../http/validate.js';

const number = () => z.union([z.string(), z.number()]).optional();

export const listQuerySchema = z.looseObject({
  page: number().describe('Page number, from 1.'),
  limit: number().describe('Rows per page, 1–1000 (default 10).'),
  order: z.string().optional().describe('`field,asc` or `field,desc`; empty for the default order.'),
  quickSearch: z.string().optional().describe('Text searched in the quick-search fields.'),
  search: z
    .unknown()
    .optional()
    .describe(
      `Common-search conditions: search[i][field], search[i][val], search[i][operator] (${SEARCH_OPERATORS.join(
        ' ',
      )}), search[i][render].`,
    ),
  select: number().describe('1: answer the rows as options of a select box.'),
  initKey: z.string().optional().describe("A select box's value field (default the id)."),
  initValue: z.unknown().optional().describe('The values a select box shows: the rows having them.'),
  seek: z
    .unknown()
    .optional()
    .describe('seek[page], seek[first][id|value], seek[last][id|value]: the page shown, to page by key.'),
});

/** A listed row: the resource's `row` fields; more may come (joined names, children of a tree). */
export const listAnswer = (row: z.ZodType) =>
  z.looseObject({
    list: z.array(row).optional().describe('The page of rows (a tree nests `children`).'),
    options: z.array(row).optional().describe('The rows as select options (select=1 on a tree).'),
    total: z.number().optional(),
    totalKind: z.enum(['about', 'atLeast']).optional().describe('Absent when the total is exact.'),
    remark: z.string().describe("The screen's help text."),
  });

export const idQuery = z.object({ id: input.id() });
export const idsInput = z.object({ ids: input.ids().optional() });

/**
 * The ids of a delete, restore or rollback, without repeats: from the body, else the query
 * (`ids[]=1&ids[]=2`), each declared with `ids` optional.
 */
export function idsOf(request: { body: { ids?: number[] }; query: { ids?: number[] } }): number[] {
  const ids = request.body.ids ?? request.query.ids;
  // Sent in neither: a missing list fails the union of its accepted forms, hence 'invalid'.
  if (!ids) throw new ApiError('Parameter %s is invalid', ['ids']);
  return [...new Set(ids)];
}
export const sortBody = z.object({ id: input.id(), targetId: input.id() });

/** A switch cell's post: the id and one field, '0' or '1'. */
export const switchBody = (field: string) =>
  z.strictObject({ id: input.id(), [field]: z.union([z.enum(['0', '1']), z.literal(0), z.literal(1)]) });

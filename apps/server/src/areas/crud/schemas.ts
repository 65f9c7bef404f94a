/**
 * The shapes the generator's routes answer, for their schemas (and the OpenAPI document). A
 * design is the original's wire shape (@portico/shared/crud-design), kept open: a record the
 * original wrote may carry keys Portico does not use, and they go back as they came.
 */
import { CRUD_LOG_STATUSES } from '@portico/shared/crud-design';
import { z } from 'zod';

export const crudTableShape = z
  .looseObject({ name: z.string().optional() })
  .describe('The design of the table (CrudTable), as stored.');
export const crudFieldShape = z
  .looseObject({ name: z.string(), designType: z.string() })
  .describe('A designed field (CrudField).');

/**
 * A field of a generation record, as stored: a record the original wrote when its design lacked a
 * type (a taken-over site's) is listed all the same, so its table can still be found and started from.
 */
const crudLogFieldShape = z
  .looseObject({ name: z.string(), designType: z.string().optional() })
  .describe('A designed field (CrudField), as the record stored it.');

export const crudLogRow = z.object({
  id: z.number(),
  table_name: z.string(),
  table: crudTableShape,
  fields: z.array(crudLogFieldShape),
  status: z.enum(CRUD_LOG_STATUSES),
  connection: z.string().describe("The database connection's key ('mysql', 'pgsql', 'sqlite')."),
  create_time: z.number(),
  package: z
    .boolean()
    .describe(
      "Portico: the table's newest successful record, its module still there: it can be downloaded and published.",
    ),
});

/** The installer's answer after the generated module was installed (as `/admin/module/install`'s). */
export const installAnswer = z.object({
  info: z.looseObject({ uid: z.string(), version: z.string() }).describe("The module's module.json."),
  state: z.number().describe('The module state on disk (1: installed).'),
  needRebuild: z.boolean().describe('Web files changed: the web app must be rebuilt.'),
  needRestart: z.boolean().describe('Server files changed: the server must restart.'),
  restarting: z.boolean().describe('The server restarts after this answer (supervised by `npm start`).'),
});

/** What deleting code answers: the disable's answer when the module was running, else null. */
export const removalAnswer = installAnswer
  .extend({ state: z.number().describe('The module state on disk after disabling.') })
  .nullable();

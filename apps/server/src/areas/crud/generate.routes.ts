/**
 * crud.Crud's writing actions. `generate` writes code the server runs, so it is refused to
 * anyone but a super administrator (beside the `crud/crud/generate` rule); `delete` removes a
 * module (disable, uninstall), which the module manager allows super administrators alone, so
 * it is theirs too (beside `crud/crud/delete`). Both are titled in the admin log before the
 * refusal, so a refused attempt is logged too.
 */
import {
  ApiError,
  type AppContext,
  answerWithRestart,
  defineAction,
  input,
  moduleDir,
  ok,
  requireSuper,
} from '@portico/server-sdk';
import type { CrudField, CrudTable } from '@portico/shared/crud-design';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordStart, recordStatus, requireLog } from './crud-log.js';
import { assertDropsConfirmed } from './drop-check.js';
import { assertDroppable, dropGeneratedTable } from './drop-table.js';
import { assertGeneratedOrFree, installGeneration, removeGeneration } from './generated-module.js';
import {
  checkDesign,
  dropsOf,
  formatModule,
  generateModule,
  readPreviousGeneration,
} from './generator/index.js';
import { LOG_TITLES, MESSAGES } from './lang.js';
import { CRUD_RULES } from './rules.js';
import { installAnswer, removalAnswer } from './schemas.js';
import { assertDesignable, checkedTableName, rememberRemovedModule } from './table-access.js';

function superOnly(title: string) {
  return (request: FastifyRequest) => {
    request.adminLog.title = title;
    requireSuper(request, new ApiError(MESSAGES.superOnly));
  };
}

const generateBody = z.looseObject({
  type: z.string().max(20).default('create').describe("How the design started: 'create', 'db' or 'log'."),
  table: z.looseObject({ name: z.unknown() }).describe('The table design (CrudTable).'),
  fields: z.array(z.looseObject({})).max(500).describe('The fields (CrudField[]).'),
  confirmDrop: z
    .array(z.string().max(64))
    .max(500)
    .default([])
    .describe('Portico: the columns the administrator confirmed dropping (with their values).'),
});

export function generateActions(ctx: AppContext) {
  return [
    defineAction({
      action: 'generate',
      method: 'POST',
      permission: CRUD_RULES.generate,
      guard: superOnly(LOG_TITLES.generate),
      schema: {
        summary:
          'Generate the module of a design and install it; refused with data {confirmDrop} until every dropped column is confirmed',
        body: generateBody,
        data: installAnswer,
      },
      handler: async (request, reply) => {
        const body = request.body;
        const uid = checkedTableName(body.table.name);
        await assertDesignable(ctx, uid);
        await assertGeneratedOrFree(ctx, uid);
        const design = checkDesign(body);
        const previous = await readPreviousGeneration(moduleDir(ctx.config.projectDir, uid));
        await assertDropsConfirmed(ctx, uid, dropsOf(design, previous), body.confirmDrop);
        const logId = await recordStart(
          ctx,
          body.table as unknown as CrudTable,
          body.fields as unknown as CrudField[],
        );
        try {
          const generated = await formatModule(generateModule(design, previous), ctx.config.projectDir);
          if (generated.uid !== uid) throw new ApiError(MESSAGES.badTableName);
          const answer = await installGeneration(ctx, uid, generated.files);
          await recordStatus(ctx, logId, 'success');
          return answerWithRestart(ctx, reply, answer);
        } catch (error) {
          await recordStatus(ctx, logId, 'error');
          throw error;
        }
      },
    }),
    defineAction({
      action: 'delete',
      method: 'POST',
      permission: CRUD_RULES.delete,
      guard: superOnly(LOG_TITLES.delete),
      schema: {
        summary:
          "Remove a record's generated module (disabled, uninstalled, its menu rules gone); its table stays unless dropTable",
        body: z.object({
          id: input.id(),
          dropTable: input
            .flag()
            .default(false)
            .describe('Portico: drop the table too (its rows go to the recycle log).'),
        }),
        data: removalAnswer,
      },
      handler: async (request, reply) => {
        const log = await requireLog(ctx, request.body.id);
        const uid = checkedTableName(log.table.name ?? log.table_name);
        // Refused before anything is removed: a refusal changes nothing.
        if (request.body.dropTable) await assertDroppable(ctx, uid);
        const answer = await removeGeneration(ctx, uid);
        rememberRemovedModule(ctx, uid);
        if (request.body.dropTable) await dropGeneratedTable(ctx, request, uid);
        await recordStatus(ctx, log.id, 'delete');
        // A module that was running leaves with the restart and rebuild its disabling asks for.
        return answer ? answerWithRestart(ctx, reply, answer) : ok(null, MESSAGES.deleted);
      },
    }),
  ];
}

/**
 * `POST /admin/ajax/changeTerminalConfig` with `manager` (a package manager, or `none`)
 * and/or `port`: stored in the config rows, for every server process. Super
 * administrators only, as the rest of the terminal; a bad value changes nothing.
 */

import {
  type AppContext,
  adminController,
  defineAction,
  ok,
  requireSuper,
  terminalSettings,
  terminalSettingsSchema,
} from '@portico/server-sdk';
import { PACKAGE_MANAGER_SETTINGS, TERMINAL_CONFIG_URL } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOG_TITLES } from './lang.js';

const configBody = z
  .object({
    manager: z
      .enum(PACKAGE_MANAGER_SETTINGS)
      .optional()
      .describe("The terminal's package manager; none: no installs."),
    port: z
      .union([
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,5}$/, 'Parameter %s must be an integer'),
      ])
      .transform(Number)
      .pipe(z.number().int().min(1).max(65535))
      .optional()
      .describe('The terminal port setting.'),
  })
  .refine((body) => body.manager !== undefined || body.port !== undefined, 'Parameter error');

export function registerTerminalConfigRoute(app: FastifyInstance, ctx: AppContext): void {
  const [controller, action] = TERMINAL_CONFIG_URL.split('/').slice(2) as [string, string];
  adminController(app, ctx, controller, [
    defineAction({
      action,
      method: 'POST',
      access: 'login',
      schema: {
        summary: "Change the terminal's package manager and/or port; answers the terminal settings",
        body: configBody,
        data: terminalSettingsSchema,
      },
      guard: (request) => {
        request.adminLog.title = LOG_TITLES.config;
        requireSuper(request);
      },
      handler: async (request) => {
        const { body } = request;
        const values: [string, string | undefined][] = [
          ['terminal_package_manager', body.manager],
          ['terminal_port', body.port === undefined ? undefined : String(body.port)],
        ];
        await ctx.db.kysely.transaction().execute(async (trx) => {
          for (const [name, value] of values) {
            if (value !== undefined) {
              await trx.updateTable('config').set({ value }).where('name', '=', name).execute();
            }
          }
        });
        await ctx.caches.changed('settings');
        return ok(await terminalSettings(ctx));
      },
    }),
  ]);
}

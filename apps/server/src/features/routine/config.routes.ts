/**
 * routine.Config — the configuration screen's API. Unlike the original, nothing here is
 * public, and secrets (the SMTP password and the like) are never sent back: the screen
 * learns only whether one is set, and a blank secret keeps the stored one.
 */
import { AdminController, EMAIL_PATTERN, INPUT_TYPES, MESSAGES } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routeRemark } from '../../auth/rule-remarks.js';
import type { AppContext } from '../../context.js';
import { idsOf } from '../../crud/list-schemas.js';
import { rememberResource, runWrite } from '../../crud/resource.js';
import type { Db } from '../../db/connection.js';
import { insertId } from '../../db/insert-id.js';
import { HOME_PAGE_SETTING } from '../../db/seed/public-home.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { adminController, defineAction } from '../../http/routes.js';
import { input } from '../../http/validate.js';
import { knownTextIn, type Lang, translate } from '../../i18n/index.js';
import { CONFIG_TIPS, configOptionLabels, QUICK_ENTRANCE_LABELS } from '../../i18n/seeded-titles.js';
import { isPublishedPage } from '../config/index.js';
import { MAIL_SETTING_NAMES, type MailSettings, sendMail, storedMailSettings } from '../mail/index.js';
import { inputExtend } from './config-input-extend.js';
import {
  type ConfigRow,
  dictionary,
  isSecret,
  NAME_PATTERN,
  options,
  shown,
  stored,
} from './config-values.js';

const addBody = z.object({
  group: z.string().trim().min(1).max(30),
  name: z.string().trim().max(30).regex(NAME_PATTERN, MESSAGES.variableName),
  title: z.string().trim().min(1).max(50),
  type: z.enum(INPUT_TYPES),
  content: z
    .string()
    .max(5000)
    .default('')
    .describe('The options of radio, checkbox and select items: one `value=label` a line.'),
  tip: z.string().trim().max(100).default(''),
  rule: z
    .union([z.array(z.string().max(20)).max(10), z.string().max(200)])
    .default([])
    .describe('Validation rule names, as a list or comma-separated (`required`, `email`...).'),
  extend: z.string().max(500).default('').describe('Extra attributes of the form input.'),
  weigh: z.coerce.number().int().min(-100_000).max(100_000).default(0),
});
/** The ids may come in the query or the body (the body's win). */
const delIds = z.object({ ids: input.ids(100).optional() });
/** A mail setting as the form has it, unsaved; anything but a string is ignored (the stored value). */
const mailField = z.string().optional().catch(undefined);
const testMailBody = z.object({
  testMail: z.string().trim().max(100).regex(EMAIL_PATTERN, MESSAGES.email).describe('The recipient.'),
  smtp_server: mailField,
  smtp_port: mailField,
  smtp_user: mailField,
  smtp_pass: mailField.describe('Blank means the stored password.'),
  smtp_verification: mailField,
  smtp_sender_mail: mailField,
});
/** An item as the screen shows it: its value decoded, secrets only as set or not. */
const configItem = z.looseObject({
  id: z.number(),
  name: z.string(),
  group: z.string(),
  title: z.string(),
  tip: z.string(),
  type: z.string(),
  value: z
    .unknown()
    .describe(
      'Text; a boolean for a switch; a list for checkbox, selects, array, city, remoteSelects, images and files; always blank for a secret.',
    ),
  content: z
    .union([z.literal(''), z.record(z.string(), z.string())])
    .describe("The options (value: label) of radio, checkbox and select items, else ''."),
  rule: z.string(),
  extend: z.string(),
  input_extend: z
    .record(z.string(), z.unknown())
    .describe("The input's own attributes; a remote select's source: remoteUrl, pk, field, params."),
  allow_del: z.number(),
  weigh: z.number(),
  secret: z.literal(true).optional().describe('A secret: its value is never sent.'),
  hasValue: z.boolean().optional().describe('Whether a secret is set.'),
});
const keyValue = z.object({ key: z.string(), value: z.string() });

type Group = { key: string; value: string };

/**
 * A group's or item's title or tip as the reader reads it: stored titles are language keys (the
 * original's are, and so are Portico's), translated as its server's language pack did; a text
 * an administrator typed that the packs do not know is shown as typed.
 */
const label = (stored: string, lang: Lang): string => knownTextIn(stored, lang) ?? stored;

/** The public home: blank (the member centre) or a published content page's id. */
async function isHomePage(db: Db, value: unknown): Promise<boolean> {
  if (value === '' || value === null || value === undefined) return true;
  return (
    (typeof value === 'string' || typeof value === 'number') && isPublishedPage(db, String(value).trim())
  );
}

function parseList<T>(value: string | null): T[] {
  try {
    const parsed: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { kysely } = ctx.db;
  const allRows = () =>
    kysely.selectFrom('config').selectAll().orderBy('weigh', 'desc').orderBy('id', 'asc').execute();

  // Titles, tips and option labels are shown in the reader's language; values are as stored.
  const present = (row: ConfigRow, lang: Lang) => ({
    ...row,
    title: label(row.title, lang),
    // Seeded tips are stored in Chinese, with their English by item name.
    tip: label(CONFIG_TIPS.show(row.name, row.tip, lang), lang),
    value: shown(row),
    content: Object.keys(options(row)).length ? configOptionLabels(row.name, options(row), lang) : '',
    input_extend: inputExtend(row),
    ...(isSecret(row.name) ? { secret: true, hasValue: (row.value ?? '') !== '' } : {}),
  });

  adminController(app, ctx, AdminController.config, [
    defineAction({
      action: 'index',
      method: 'GET',
      schema: {
        summary: 'The config items by group, the groups, and the quick entrances',
        data: z.object({
          list: z
            .record(z.string(), z.object({ name: z.string(), title: z.string(), list: z.array(configItem) }))
            .describe('Each group (by key) with its items.'),
          configGroup: z.record(z.string(), z.string()).describe('Group titles by key.'),
          quickEntrance: z
            .array(keyValue)
            .describe('The quick entrance buttons: key is the route, value the label.'),
          remark: z.string(),
        }),
      },
      handler: async (request) => {
        const rows = await allRows();
        const groups = parseList<Group>(rows.find((r) => r.name === 'config_group')?.value ?? null).map(
          (group) => ({ key: group.key, value: label(group.value, request.lang) }),
        );
        const list = Object.fromEntries(
          groups.map((group) => [
            group.key,
            {
              name: group.key,
              title: group.value,
              list: rows.filter((r) => r.group === group.key).map((r) => present(r, request.lang)),
            },
          ]),
        );
        const remark = await routeRemark(ctx, AdminController.config, request.lang);
        return ok({
          list,
          configGroup: Object.fromEntries(groups.map((g) => [g.key, g.value])),
          // The buttons' labels are shown in the reader's language; the form's item keeps them as stored.
          quickEntrance: QUICK_ENTRANCE_LABELS.localise(
            parseList<Group>(rows.find((r) => r.name === 'config_quick_entrance')?.value ?? null),
            'value',
            'key',
            request.lang,
          ),
          remark,
        });
      },
    }),
    defineAction({
      action: 'edit',
      method: 'POST',
      schema: {
        summary: 'Save config values (a blank secret keeps the stored one)',
        body: z.record(z.string(), z.unknown()).describe('Config item names and their new values.'),
        data: z.null(),
      },
      handler: async (request) => {
        const { body } = request;
        const rows = new Map((await allRows()).map((row) => [row.name, row]));
        const changes: [string, string][] = [];
        for (const [name, value] of Object.entries(body)) {
          const row = rows.get(name);
          if (!row) throw new ApiError('Config item %s does not exist', [name.slice(0, 30)]);
          // A blank secret means "keep the stored one".
          if (isSecret(name) && (value === '' || value === undefined || value === null)) continue;
          if (name === 'backend_entrance' && value !== row.value) {
            throw new ApiError('The back-office entrance is fixed at /admin');
          }
          if (name === HOME_PAGE_SETTING && !(await isHomePage(ctx.db, value))) {
            throw new ApiError('The home page must be a published content page');
          }
          changes.push([name, stored(row, value, label(row.title, request.lang))]);
        }
        if (changes.length === 0) throw new ApiError('No config item was changed');
        await kysely.transaction().execute(async (trx) => {
          for (const [name, value] of changes)
            await trx.updateTable('config').set({ value }).where('name', '=', name).execute();
        });
        await ctx.caches.changed('settings');
        return ok(null, 'The current page configuration item was updated successfully');
      },
    }),
    defineAction({
      action: 'add',
      method: 'POST',
      schema: { summary: 'Add a config item', body: addBody, data: z.null() },
      handler: async (request) => {
        const data = request.body;
        const rows = await allRows();
        const groups = parseList<Group>(rows.find((r) => r.name === 'config_group')?.value ?? null);
        if (!groups.some((g) => g.key === data.group)) throw new ApiError('The config group does not exist');
        if (rows.some((r) => r.name === data.name)) throw new ApiError('Variable name already exists');
        const rule = Array.isArray(data.rule) ? data.rule.join(',') : data.rule;
        await insertId(
          ctx.db,
          kysely.insertInto('config').values({
            name: data.name,
            group: data.group,
            title: data.title,
            tip: data.tip,
            type: data.type,
            value: '',
            content: ['radio', 'checkbox', 'select', 'selects'].includes(data.type)
              ? dictionary(data.content)
              : null,
            rule,
            extend: data.extend,
            allow_del: 1,
            weigh: data.weigh,
          }),
        );
        await ctx.caches.changed('settings');
        return ok(null, 'Added successfully');
      },
    }),
    defineAction({
      action: 'del',
      method: ['POST', 'DELETE'],
      schema: {
        summary: 'Delete config items added by hand (ids in the query or the body)',
        query: delIds,
        body: delIds,
        data: z.null(),
      },
      handler: async (request) => {
        const ids = idsOf(request);
        const rows = await kysely
          .selectFrom('config')
          .select(['id', 'allow_del'])
          .where('id', 'in', ids)
          .execute();
        if (rows.length === 0) throw new ApiError('No rows were deleted');
        if (rows.some((row) => row.allow_del !== 1)) throw new ApiError('This config item cannot be deleted');
        await runWrite(kysely, request, (w) =>
          ctx.captures.deletes(w, AdminController.config, ids, async () => {
            const result = await w.trx.deleteFrom('config').where('id', 'in', ids).executeTakeFirst();
            return Number(result.numDeletedRows);
          }),
        );
        await ctx.caches.changed('settings');
        return ok(null, 'Deleted successfully');
      },
    }),
    defineAction({
      action: 'sendTestMail',
      method: 'POST',
      schema: {
        summary: "Send a test mail with the form's mail settings (saved ones where the form has none)",
        body: testMailBody,
        data: z.null(),
      },
      handler: async (request) => {
        const { body } = request;
        const { testMail } = body;
        // The form's unsaved values win; a blank password means the stored one.
        const mail: MailSettings = { ...(await storedMailSettings(ctx.settings)) };
        for (const name of MAIL_SETTING_NAMES) {
          const value = body[name];
          if (value !== undefined && (value !== '' || name !== 'smtp_pass'))
            mail[name] = value.trim().slice(0, 200);
        }
        const site = await ctx.settings.get('site_name');
        await sendMail(mail, {
          to: testMail,
          subject: `${translate('This is a test email', request.lang)}-${site}`,
          html: `<p>${translate('Congratulations, receiving this email means that your email service has been configured correctly', request.lang)}</p>`,
        });
        return ok(null, 'Test mail sent successfully~');
      },
    }),
  ]);
  // Deleted config items can go to the recycle bin; settings are saved in bulk, not edited one by one.
  rememberResource(app, { controller: AdminController.config, table: 'config', deletes: true, edits: false });
}

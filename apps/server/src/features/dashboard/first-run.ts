/**
 * The dashboard's first-run checklist: the settings a new site still needs before it is
 * its owner's (a name of its own, mail that can be sent, a member group of its own). The
 * server decides each item's state; the dashboard lists them while one is left.
 */
import { z } from 'zod';
import { can, type Grants } from '../../auth/permissions.js';
import type { AppContext } from '../../context.js';
import { ORIGINAL_PLACEHOLDERS, PORTICO_DEFAULTS } from '../../db/seed/config-rows.js';
import { SEEDED_USER_GROUPS } from '../../db/seed/groups.js';
import { mailConfigured, storedMailSettings } from '../mail/index.js';

const FIRST_RUN_ITEMS = ['siteName', 'mail', 'memberGroup'] as const;
export type FirstRunItem = (typeof FIRST_RUN_ITEMS)[number];

export const firstRunChecklist = z
  .array(
    z.object({
      key: z
        .enum(FIRST_RUN_ITEMS)
        .describe(
          "siteName: the site's name (system configuration, basics); mail: SMTP sending (system configuration, mail); memberGroup: a member group of the site's own (member groups).",
        ),
      done: z.boolean(),
    }),
  )
  .nullable()
  .describe(
    'The first-run checklist, each item with whether it is done; null once every item is done, or when the caller may not change these settings.',
  );

/** Who may act on an item: the config screen's settings need its edit, the groups their add or edit. */
const MAY_CHANGE: Record<FirstRunItem, (admin: Grants) => boolean> = {
  siteName: (admin) => can(admin, 'routine/config/index') && can(admin, 'routine/config/edit'),
  mail: (admin) => can(admin, 'routine/config/index') && can(admin, 'routine/config/edit'),
  memberGroup: (admin) =>
    can(admin, 'user/group/index') && (can(admin, 'user/group/add') || can(admin, 'user/group/edit')),
};

/** The seeded default group as a fresh install stores it. */
const SEEDED_GROUP = SEEDED_USER_GROUPS[0]?.row;

/**
 * The checklist for `admin`, or null. Shown only to administrators who may change the
 * config (the site name and mail are its heart); the member-group item is listed only to
 * those who may also manage member groups. No setting's value leaves the server.
 */
export async function firstRunFor(ctx: AppContext, admin: Grants): Promise<FirstRunChecklistAnswer> {
  if (!MAY_CHANGE.siteName(admin)) return null;
  const keys = FIRST_RUN_ITEMS.filter((key) => MAY_CHANGE[key](admin));
  const state = await firstRunState(ctx);
  const items = keys.map((key) => ({ key, done: state[key] }));
  return items.every((item) => item.done) ? null : items;
}

export type FirstRunChecklistAnswer = z.infer<typeof firstRunChecklist>;

async function firstRunState(ctx: AppContext): Promise<Record<FirstRunItem, boolean>> {
  const siteName = (await ctx.settings.get('site_name')).trim();
  return {
    // Portico's default name, or the original's placeholder a taken-over site may still hold.
    siteName:
      siteName !== '' &&
      siteName !== PORTICO_DEFAULTS.site_name &&
      siteName !== ORIGINAL_PLACEHOLDERS.site_name,
    // What sending needs (server, port, account and sender); the seeded smtp.qq.com alone is not mail.
    mail: mailConfigured(await storedMailSettings(ctx.settings)),
    memberGroup: await memberGroupSet(ctx),
  };
}

/**
 * A fresh install has one member group, "默认分组" granting every member rule, which new
 * members join. The site has a member group of its own once any group differs from that
 * seed: another group was added, or the seeded one was renamed or given other rules. Only
 * saving the seeded group unchanged does not count (its name and rules are still the seed's,
 * whatever its update time says), and deleting it with no other group left is not done either.
 */
async function memberGroupSet(ctx: AppContext): Promise<boolean> {
  if (!SEEDED_GROUP) return true;
  const own = await ctx.db.kysely
    .selectFrom('user_group')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('id', '!=', SEEDED_GROUP.id ?? 1),
        eb('name', '!=', SEEDED_GROUP.name),
        eb('rules', 'is', null),
        eb('rules', '!=', SEEDED_GROUP.rules ?? '*'),
      ]),
    )
    .executeTakeFirst();
  return own !== undefined;
}

/**
 * Public content (articles and pages) with its back-office menu, and the SMS settings.
 * Ids are explicit like the install data's, unless a database taken over from the original
 * holds rows there (free-ids.ts); PostgreSQL sequences are moved past them.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { CONTENT_ADMIN_RULES, SMS_CONFIG_GROUP, SMS_CONFIG_ROWS } from '../seed/content-and-sms.js';
import { type AnyDb, columnKit } from './columns.js';
import { freeIds } from './free-ids.js';
import { syncSequence } from './sequences.js';

export function contentAndSmsMigration(dialect: Dialect, prefix: string): Migration {
  const k = columnKit(dialect, prefix);
  return {
    async up(db: AnyDb) {
      let t = k.id(db.schema.createTable('content'));
      t = k.choice(t, 'kind', 'article');
      t = k.str(t, 'title', 100);
      t = k.text(t, 'body');
      t = k.flag(t, 'status', '1');
      t = k.int(t, 'weigh');
      t = k.time(t, 'update_time');
      t = k.time(t, 'create_time');
      await k.finish(t).execute();
      await k.index(db, 'content', ['kind', 'status']);

      const time = Math.floor(Date.now() / 1000);
      const rules = await freeIds(db, 'admin_rule', CONTENT_ADMIN_RULES);
      await db
        .insertInto('admin_rule')
        .values(rules.map((rule) => ({ ...rule, create_time: time, update_time: time })))
        .execute();
      await db
        .insertInto('config')
        .values(await freeIds(db, 'config', SMS_CONFIG_ROWS))
        .execute();
      await editConfigGroups(db, (groups) => [
        ...groups.filter((g) => g.key !== SMS_CONFIG_GROUP.key),
        SMS_CONFIG_GROUP,
      ]);
      if (dialect === 'postgres') {
        await syncSequence(db, prefix, 'admin_rule');
        await syncSequence(db, prefix, 'config');
      }
    },
    async down(db: AnyDb) {
      await editConfigGroups(db, (groups) => groups.filter((g) => g.key !== SMS_CONFIG_GROUP.key));
      await db
        .deleteFrom('config')
        .where(
          'name',
          'in',
          SMS_CONFIG_ROWS.map((row) => row.name),
        )
        .execute();
      // By name: the rules may have been given other ids (see up).
      await db
        .deleteFrom('admin_rule')
        .where(
          'name',
          'in',
          CONTENT_ADMIN_RULES.map((rule) => rule.name),
        )
        .execute();
      await db.schema.dropTable('content').execute();
    },
  };
}

type ConfigGroup = { key: string; value: string };

/** Rewrites the config_group list; left alone when an administrator made it unreadable. */
async function editConfigGroups(db: AnyDb, change: (groups: ConfigGroup[]) => ConfigGroup[]) {
  const row = await db
    .selectFrom('config')
    .select('value')
    .where('name', '=', 'config_group')
    .executeTakeFirst();
  let groups: ConfigGroup[];
  try {
    groups = JSON.parse(String(row?.value ?? '[]'));
    if (!Array.isArray(groups)) return;
  } catch {
    return;
  }
  await db
    .updateTable('config')
    .set({ value: JSON.stringify(change(groups)) })
    .where('name', '=', 'config_group')
    .execute();
}

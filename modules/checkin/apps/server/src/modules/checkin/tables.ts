/**
 * The check-in module's tables and their migrations. `checkin` holds one row per member and
 * site day: the unique (user_id, date) is what makes a second click, or ten requests at once,
 * award nothing. `checkin_setting` holds the one reward setting row.
 */
import { columnKit, type MigrationEnv } from '@portico/server-sdk';
import type { Generated, Migration } from 'kysely';

export interface CheckinTables {
  checkin: {
    id: Generated<number>;
    user_id: number;
    /** The site's day ('YYYY-MM-DD' in the `time_zone` setting) the member checked in on. */
    date: string;
    /** Points awarded (the setting at that moment). */
    points: number;
    /** Consecutive days ending with this one. */
    streak: number;
    create_time: number;
  };
  checkin_setting: { id: Generated<number>; points: number; update_time: number | null };
}

// The module's tables join the core's Database type: queries and the resource are typed by name.
declare module '@portico/server-sdk' {
  interface ModuleTables extends CheckinTables {}
}

export const CHECKIN_TABLES = ['checkin', 'checkin_setting'];

/** Points per check-in on a fresh install. */
export const DEFAULT_REWARD = 5;

export function checkinMigrations({ dialect, prefix }: MigrationEnv): Record<string, Migration> {
  const k = columnKit(dialect, prefix);
  return {
    '0001-checkin-tables': {
      async up(db) {
        let t = k.id(db.schema.createTable('checkin'));
        t = k.int(t, 'user_id');
        t = k.str(t, 'date', 10);
        t = k.int(t, 'points');
        t = k.int(t, 'streak', 1);
        t = k.time(t, 'create_time');
        await k.finish(t).execute();
        await k.index(db, 'checkin', ['user_id', 'date'], true);
        // The admin list's date search and the newest-first listing of one day.
        await k.index(db, 'checkin', ['date']);
        await k
          .finish(k.time(k.int(k.id(db.schema.createTable('checkin_setting')), 'points'), 'update_time'))
          .execute();
        await db.insertInto('checkin_setting').values({ points: DEFAULT_REWARD }).execute();
      },
      async down(db) {
        await db.schema.dropTable('checkin').execute();
        await db.schema.dropTable('checkin_setting').execute();
      },
    },
  };
}

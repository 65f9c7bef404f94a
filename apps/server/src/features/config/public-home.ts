/**
 * The site's public home (the `home_page` setting): where members and visitors land from the
 * member centre's Home and a content page's brand link, never the back-office entrance. A
 * published content page when one is chosen, else the member centre. A chosen page that was
 * unpublished or deleted since leads to the member centre rather than to a "not found".
 */
import type { Db } from '../../db/connection.js';
import { HOME_PAGE_SETTING } from '../../db/seed/public-home.js';

const MEMBER_CENTRE_URL = '/user';

/** Whether `value` is the id of a published content page (not an article, not a draft). */
export async function isPublishedPage(db: Db, value: string): Promise<boolean> {
  // Ids are 32-bit: a larger number would be an error on PostgreSQL, not a miss.
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) return false;
  const row = await db.kysely
    .selectFrom('content')
    .select('id')
    .where('id', '=', Number(value))
    .where('kind', '=', 'page')
    .where('status', '=', '1')
    .executeTakeFirst();
  return row !== undefined;
}

/** What the home needs of the settings (`Settings`, which itself asks for the home: an interface breaks the cycle). */
interface SettingReader {
  get(name: string): Promise<string>;
}

export async function publicHomeUrl(db: Db, settings: SettingReader): Promise<string> {
  const page = await settings.get(HOME_PAGE_SETTING);
  return page && (await isPublishedPage(db, page)) ? `/page/${page}` : MEMBER_CENTRE_URL;
}

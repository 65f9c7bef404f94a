/** Whether an administrator's groups make a second factor a condition of signing in. */
import type { Db } from '../../db/connection.js';

/** True when one of the administrator's enabled groups requires two-factor sign-in. */
export async function groupRequiresTwoFactor(db: Db, adminId: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('admin_group_access')
    .innerJoin('admin_group', 'admin_group.id', 'admin_group_access.group_id')
    .select('admin_group.id')
    .where('admin_group_access.uid', '=', adminId)
    .where('admin_group.status', '=', '1')
    .where('admin_group.two_factor', '=', '1')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Admin groups and the member group of a fresh install. `rules` are comma lists of rule ids in the
 * order the original wrote them (group 2 got 89, dashboard/index, appended by the v2.0.2 migration),
 * or '*' for super administrators / all member rules.
 */
import type { Insertable } from 'kysely';
import type { AdminGroupTable, UserGroupTable } from '../schema.js';
import { rowsOf, type Seeded, type SeedTitle } from './seeded.js';

type AdminGroupRow = Insertable<AdminGroupTable>;
type UserGroupRow = Insertable<UserGroupTable>;

function group<Row extends { name: string }>([name, en]: SeedTitle, row: Omit<Row, 'name'>): Seeded<Row> {
  return { row: { ...row, name } as Row, en };
}

export const SEEDED_ADMIN_GROUPS: Seeded<AdminGroupRow>[] = [
  group(['超级管理组', 'Super administrators'], { id: 1, pid: 0, rules: '*', status: '1' }),
  group(['一级管理员', 'Level 1 administrators'], {
    id: 2,
    pid: 1,
    rules:
      '1,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,77,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,89',
    status: '1',
  }),
  group(['二级管理员', 'Level 2 administrators'], {
    id: 3,
    pid: 2,
    rules: '21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43',
    status: '1',
  }),
  group(['三级管理员', 'Level 3 administrators'], {
    id: 4,
    pid: 3,
    rules: '55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75',
    status: '1',
  }),
];

export const SEEDED_USER_GROUPS: Seeded<UserGroupRow>[] = [
  group(['默认分组', 'Default group'], { id: 1, rules: '*', status: '1' }),
];

export const ADMIN_GROUPS: AdminGroupRow[] = rowsOf(SEEDED_ADMIN_GROUPS);
export const USER_GROUPS: UserGroupRow[] = rowsOf(SEEDED_USER_GROUPS);

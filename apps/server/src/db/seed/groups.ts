/**
 * Admin groups and the member group of a fresh install. `rules` are comma lists of rule ids in the
 * order the original wrote them (group 2 got 89, dashboard/index, appended by the v2.0.2 migration),
 * or '*' for super administrators / all member rules.
 */
import type { Insertable } from 'kysely';
import type { AdminGroupTable, UserGroupTable } from '../schema.js';

export const ADMIN_GROUPS: Insertable<AdminGroupTable>[] = [
  { id: 1, pid: 0, name: '超级管理组', rules: '*', status: '1' },
  {
    id: 2,
    pid: 1,
    name: '一级管理员',
    rules:
      '1,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,77,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,89',
    status: '1',
  },
  {
    id: 3,
    pid: 2,
    name: '二级管理员',
    rules: '21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43',
    status: '1',
  },
  {
    id: 4,
    pid: 3,
    name: '三级管理员',
    rules: '55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75',
    status: '1',
  },
];

export const USER_GROUPS: Insertable<UserGroupTable>[] = [
  { id: 1, name: '默认分组', rules: '*', status: '1' },
];

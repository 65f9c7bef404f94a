/**
 * The permissions to export a list and to import into one (migration 0022): a button
 * rule `<menu>/export` under every list's menu, and `<menu>/import` under the lists that take
 * imports. Only super administrators have them until a group is given them.
 */
import type { Seeded, SeedTitle } from './seeded.js';

const EXPORTABLE_LISTS = [
  'auth/group',
  'auth/admin',
  'auth/rule',
  'auth/adminLog',
  'user/user',
  'user/group',
  'user/rule',
  'user/moneyLog',
  'user/scoreLog',
  'routine/attachment',
  'security/dataRecycle',
  'security/dataRecycleLog',
  'security/sensitiveData',
  'security/sensitiveDataLog',
  'content/content',
] as const;

const IMPORTABLE_LISTS = ['auth/admin', 'user/user', 'content/content'] as const;

const TITLES: Record<'export' | 'import', SeedTitle> = {
  export: ['导出', 'Export'],
  import: ['导入', 'Import'],
};

export interface TransferButton {
  /** The menu rule the button hangs under. */
  menu: string;
  name: string;
  title: string;
}

export const SEEDED_TRANSFER_BUTTONS: Seeded<TransferButton>[] = [
  ...EXPORTABLE_LISTS.map((menu) => button(menu, 'export')),
  ...IMPORTABLE_LISTS.map((menu) => button(menu, 'import')),
];

function button(menu: string, action: 'export' | 'import'): Seeded<TransferButton> {
  const [title, en] = TITLES[action];
  return { row: { menu, name: `${menu}/${action}`, title }, en };
}

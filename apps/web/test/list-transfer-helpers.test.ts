/**
 * Pure parts of export and import: the columns an export asks for (shown ones only, titled and
 * valued in the reader's language), the saved file's name, and what an import mapping misses.
 */
import { describe, expect, it } from 'vitest';
import { filenameOf } from '../src/api/backend/list-transfer';
import { exportColumns } from '../src/components/table/export-columns';
import {
  fieldLabel,
  guessMapping,
  importLabels,
  sharedValues,
  unmappedRequired,
} from '../src/components/table/import-fields';
import type { Column, ListSpec } from '../src/components/table/types';
import { backendTextsIn } from '../src/lang';

const FRENCH: Record<string, string> = {
  Id: 'Identifiant',
  'user.username': 'Identifiant de connexion',
  'user.group': 'Groupe',
  State: 'État',
  Enable: 'Actif',
  Disable: 'Inactif',
  'user.gender': 'Genre',
  'user.Male': 'Homme',
  'user.Female': 'Femme',
  'Create time': 'Créé le',
  'user.tags': 'Étiquettes',
  'user.password': 'Mot de passe',
};
const t = (key: string) => FRENCH[key] ?? `?${key}`;

const columns: Column[] = [
  { prop: 'id', label: 'Id' },
  { prop: 'username', label: 'user.username' },
  { prop: 'group_name', label: 'user.group', render: 'tag' },
  {
    prop: 'gender',
    label: 'user.gender',
    render: 'tag',
    replaceValue: { '1': 'user.Male', '2': 'user.Female' },
  },
  { prop: 'status', label: 'State', render: 'switch', replaceValue: { '0': 'Disable', '1': 'Enable' } },
  { prop: 'tags', label: 'user.tags', render: 'tags' },
  { prop: 'avatar', label: 'user.avatar', render: 'image' },
  { prop: 'create_time', label: 'Create time', render: 'datetime' },
  { prop: 'custom', label: 'user.custom', render: () => 'x' },
];

describe('export columns', () => {
  it('asks for the shown columns, in order, titled and valued in the interface language', () => {
    const hidden = new Set(['avatar', 'custom']);
    expect(exportColumns(columns, hidden, t)).toEqual([
      { prop: 'id', title: 'Identifiant' },
      { prop: 'username', title: 'Identifiant de connexion' },
      { prop: 'group_name', title: 'Groupe' },
      { prop: 'gender', title: 'Genre', render: 'tag', values: { '1': 'Homme', '2': 'Femme' } },
      { prop: 'status', title: 'État', render: 'tag', values: { '0': 'Inactif', '1': 'Actif' } },
      { prop: 'tags', title: 'Étiquettes', render: 'tags' },
      { prop: 'create_time', title: 'Créé le', render: 'datetime' },
    ]);
  });

  it('writes images, links and a screen’s own cells as stored text', () => {
    const shown = exportColumns(columns, new Set(), t);
    expect(shown.find((c) => c.prop === 'avatar')).toEqual({ prop: 'avatar', title: '?user.avatar' });
    expect(shown.find((c) => c.prop === 'custom')).toEqual({ prop: 'custom', title: '?user.custom' });
  });
});

describe('the saved file’s name', () => {
  it('prefers the UTF-8 name and falls back to the plain one', () => {
    expect(
      filenameOf(`attachment; filename="members.csv"; filename*=UTF-8''%E4%BC%9A%E5%91%98%20list.csv`),
    ).toBe('会员 list.csv');
    expect(filenameOf('attachment; filename="a \\"b\\".xlsx"')).toBe('a "b".xlsx');
    expect(filenameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(filenameOf('attachment')).toBe('');
  });
});

describe('import mapping', () => {
  const spec: ListSpec = { api: '/admin/user.User/', columns, importLabels: { password: 'user.password' } };

  it('names fields by their column, the list’s own label, or themselves', () => {
    expect(fieldLabel(spec, 'username', t)).toBe('Identifiant de connexion');
    expect(fieldLabel(spec, 'password', t)).toBe('Mot de passe');
    expect(fieldLabel(spec, 'mystery', t)).toBe('mystery');
  });

  it('points out the required fields no column fills', () => {
    const fields = [
      { name: 'username', required: true },
      { name: 'password', required: true },
      { name: 'motto', required: false },
    ];
    expect(unmappedRequired(fields, ['username', null, 'motto']).map((f) => f.name)).toEqual(['password']);
    expect(unmappedRequired(fields, ['password', 'username'])).toEqual([]);
  });

  it('sends the labels the list shows for the form’s coded fields, in the reader’s language', () => {
    const fields = [
      { name: 'username', required: true },
      { name: 'gender', required: false },
    ];
    // The state column is not a field of this form; the username column has no labels.
    expect(importLabels(columns, fields, t)).toEqual({
      gender: [
        { value: '1', label: 'Homme' },
        { value: '2', label: 'Femme' },
      ],
    });
  });

  it('sends a value for every row only for fields no column fills, and not a blank one', () => {
    const fields = [
      { name: 'username', required: true },
      { name: 'password', required: true },
      { name: 'group_id', required: true, choices: [{ value: '1', label: 'Default group' }] },
    ];
    const unmapped = unmappedRequired(fields, ['username', 'group_id']);
    // The group was chosen while no column gave it; a column gives it now.
    expect(sharedValues({ group_id: '1', password: ' Shared-1 ' }, unmapped)).toEqual({
      password: 'Shared-1',
    });
    expect(sharedValues({ password: '   ' }, unmapped)).toEqual({});
  });

  it('keeps the server’s guess and fills the rest from the columns’ titles in the interface language', () => {
    const fields = [
      { name: 'username', required: true },
      { name: 'password', required: true },
      { name: 'group_name', required: false },
    ];
    const labels = (name: string) => [fieldLabel(spec, name, t)];
    expect(
      guessMapping(
        ['username', 'Identifiant de connexion', 'Mot de passe', 'groupe', 'Notes'],
        ['username', null, null, null, null],
        fields,
        labels,
      ),
    ).toEqual(['username', null, 'password', 'group_name', null]);
  });

  it('recognises titles in the other language too: a file exported from the Chinese screen imports in the English one', async () => {
    const english = await backendTextsIn('en');
    const chinese = await backendTextsIn('zh-cn');
    const members: ListSpec = {
      ...spec,
      columns: [
        { prop: 'username', label: 'user.user.username' },
        { prop: 'nickname', label: 'user.user.nickname' },
      ],
    };
    const fields = [
      { name: 'username', required: true },
      { name: 'nickname', required: true },
    ];
    const labels = (name: string) => [fieldLabel(members, name, english), fieldLabel(members, name, chinese)];
    expect(guessMapping(['用户名', 'Nickname'], [null, null], fields, labels)).toEqual([
      'username',
      'nickname',
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_NAMES } from '../../src/db/schema.js';
import { ADMIN_RULE_NEXT_ID, ADMIN_RULES } from '../../src/db/seed/admin-rules.js';
import { CONFIG_NEXT_ID, CONFIG_ROWS } from '../../src/db/seed/config-rows.js';
import { ADMIN_GROUPS, USER_GROUPS } from '../../src/db/seed/groups.js';
import { installRows } from '../../src/db/seed/install-data.js';
import { DATA_RECYCLE_RULES, SENSITIVE_DATA_RULES } from '../../src/db/seed/security-rules.js';
import { USER_RULES } from '../../src/db/seed/user-rules.js';

const ruleById = new Map(ADMIN_RULES.map((r) => [r.id, r]));
const ruleIds = ADMIN_RULES.map((r) => r.id ?? -1);

function groupRuleIds(id: number): number[] {
  const group = ADMIN_GROUPS.find((g) => g.id === id);
  if (!group?.rules) throw new Error(`group ${id} has no rules`);
  return group.rules.split(',').map(Number);
}

function configValue(name: string): string | null | undefined {
  return CONFIG_ROWS.find((c) => c.name === name)?.value;
}

describe('admin rules', () => {
  it('have unique ids 1-90 in ascending order, and the next free id follows them', () => {
    expect(new Set(ruleIds).size).toBe(ruleIds.length);
    expect(ruleIds).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    expect(ADMIN_RULE_NEXT_ID).toBe(Math.max(...ruleIds) + 1);
  });

  it('hang every rule under an existing rule or the root', () => {
    for (const r of ADMIN_RULES) {
      expect(r.pid === 0 || ruleById.has(r.pid), `rule ${r.id} parent ${r.pid}`).toBe(true);
    }
  });

  it('have unique permission names, compared case-insensitively', () => {
    const names = ADMIN_RULES.map((r) => (r.name ?? '').toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it("point every tab menu at the original's page path under views/backend (.vue, which both clients open)", () => {
    const tabs = ADMIN_RULES.filter((r) => r.type === 'menu' && r.menu_type === 'tab');
    expect(tabs.length).toBe(19);
    for (const r of tabs) {
      expect(r.component, r.name).toMatch(/^\/src\/views\/backend\/[A-Za-z/]+\.vue$/);
      expect(r.keepalive, r.name).toBe(1);
    }
    expect(ruleById.get(1)?.component).toBe('/src/views/backend/dashboard.vue');
    expect(ruleById.get(52)?.component).toBe('/src/views/backend/routine/adminInfo.vue');
    expect(ruleById.get(78)?.component).toBe('/src/views/backend/module/index.vue');
  });

  it('keep the documentation link disabled', () => {
    const link = ruleById.get(76);
    expect(link).toMatchObject({
      type: 'menu',
      menu_type: 'link',
      status: '0',
      url: 'https://doc.buildadmin.com',
    });
    expect(link?.component).toBe('');
  });

  it('give menu folders no menu type and no component', () => {
    const dirs = ADMIN_RULES.filter((r) => r.type === 'menu_dir');
    expect(dirs.map((r) => r.name)).toEqual(['auth', 'user', 'routine', 'security']);
    for (const r of dirs) expect(r).toMatchObject({ menu_type: null, component: '', keepalive: 0 });
  });

  it('put every button under a menu page, with a title and no route', () => {
    const buttons = ADMIN_RULES.filter((r) => r.type === 'button');
    expect(buttons.length).toBe(66);
    for (const b of buttons) {
      expect(ruleById.get(b.pid)?.type, `${b.name} parent`).toBe('menu');
      expect(b.name?.startsWith(`${ruleById.get(b.pid)?.name}/`), b.name).toBe(true);
      expect(b.title, b.name).not.toBe('');
      expect(b).toMatchObject({ menu_type: null, path: '', component: '', status: '1' });
    }
  });

  it('seed the dashboard view permission and the test-mail permission', () => {
    expect(ruleById.get(89)).toMatchObject({
      pid: 1,
      type: 'button',
      name: 'dashboard/index',
      title: '查看',
    });
    expect(ruleById.get(90)).toMatchObject({
      pid: 45,
      name: 'routine/config/sendTestMail',
      title: '测试邮件',
    });
    const config = [46, 47, 77, 88].map((id) => ruleById.get(id)?.name);
    expect(config).toEqual([
      'routine/config/index',
      'routine/config/edit',
      'routine/config/add',
      'routine/config/del',
    ]);
  });
});

describe('groups', () => {
  it('give the super admin group every rule', () => {
    expect(ADMIN_GROUPS.find((g) => g.id === 1)).toMatchObject({ pid: 0, rules: '*' });
    expect(USER_GROUPS).toEqual([{ id: 1, name: '默认分组', rules: '*', status: '1' }]);
  });

  it('refer only to existing rules, each once', () => {
    for (const id of [2, 3, 4]) {
      const ids = groupRuleIds(id);
      expect(new Set(ids).size, `group ${id}`).toBe(ids.length);
      for (const rule of ids) expect(ruleById.has(rule), `group ${id} rule ${rule}`).toBe(true);
    }
  });

  it('let level-1 admins open the dashboard and add config items', () => {
    const ids = groupRuleIds(2);
    expect(ids).toContain(89);
    expect(ids).toContain(77);
    expect(ids).toHaveLength(59);
  });

  it('give levels 2 and 3 the members and data-security subtrees', () => {
    expect(groupRuleIds(3)).toEqual(Array.from({ length: 23 }, (_, i) => 21 + i));
    expect(groupRuleIds(4)).toEqual(Array.from({ length: 21 }, (_, i) => 55 + i));
  });

  it('form a chain of parents', () => {
    expect(ADMIN_GROUPS.map((g) => [g.id, g.pid])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 3],
    ]);
  });
});

describe('member rules', () => {
  it('list the account pages with React views', () => {
    expect(USER_RULES.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const r of USER_RULES.filter((r) => r.type === 'menu')) {
      expect(r.pid).toBe(1);
      expect(r.component).toBe(`/src/views/frontend/user/${r.name}.vue`);
      expect(r).toMatchObject({ menu_type: 'tab', status: '1', no_login_valid: 0 });
    }
  });
});

/** Name → component path of the rules in the original's install data (the takeover fixture). */
function originalComponents(table: 'admin_rule' | 'user_rule'): Map<string, string> {
  const sql = readFileSync(join(import.meta.dirname, '../fixtures/buildadmin-v2.sql'), 'utf8');
  const found = new Map<string, string>();
  for (const block of sql.split(/;\s*\n/).filter((b) => b.includes(`INSERT INTO \`ba_${table}\``))) {
    for (const [, name, component] of block.matchAll(
      /^\(\d+,\d+,'\w+','[^']*','([^']+)',.*'(\/src\/[^']+)'/gm,
    ))
      found.set(name ?? '', component ?? '');
  }
  return found;
}

describe("component paths are the original's", () => {
  it('on every seeded admin and member rule the original has, so its client opens them too', () => {
    const admin = originalComponents('admin_rule');
    const member = originalComponents('user_rule');
    // 19 of the install data, plus the site's own generated page in the fixture.
    expect(admin.size).toBe(20);
    expect(member.size).toBe(5);
    for (const [name, component] of admin) {
      const seeded = ADMIN_RULES.find((r) => r.name === name);
      if (name !== 'shop/goods') expect(seeded?.component, name).toBe(component);
    }
    for (const [name, component] of member) {
      expect(USER_RULES.find((r) => r.name === name)?.component, name).toBe(component);
    }
  });
});

describe('config rows', () => {
  it('have unique names and ids, and the next free id follows them', () => {
    const names = CONFIG_ROWS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    const ids = CONFIG_ROWS.map((c) => c.id ?? -1);
    expect(new Set(ids).size).toBe(ids.length);
    expect(CONFIG_NEXT_ID).toBe(Math.max(...ids) + 1);
  });

  it('list the visible groups in config_group', () => {
    const groups = JSON.parse(configValue('config_group') ?? '') as { key: string; value: string }[];
    expect(groups.map((g) => g.key)).toEqual(['basics', 'mail', 'config_quick_entrance']);
    const shown = new Set(groups.map((g) => g.key));
    expect(shown.has('upload')).toBe(false);
    expect(shown.has('terminal')).toBe(false);
  });

  it('link the quick entrances to existing rules', () => {
    const entries = JSON.parse(configValue('config_quick_entrance') ?? '') as { value: string }[];
    const names = new Set(ADMIN_RULES.map((r) => r.name));
    for (const e of entries) expect(names.has(e.value), e.value).toBe(true);
  });

  it('leave the SMTP account fields empty, not null', () => {
    for (const name of ['smtp_user', 'smtp_pass', 'smtp_sender_mail']) expect(configValue(name)).toBe('');
    expect(JSON.parse(CONFIG_ROWS.find((c) => c.name === 'smtp_verification')?.content ?? '')).toEqual({
      SSL: 'SSL',
      TLS: 'TLS',
    });
  });

  it('turn on the member centre and both login captchas by default', () => {
    for (const name of ['open_member_center', 'admin_login_captcha', 'user_login_captcha']) {
      expect(CONFIG_ROWS.find((c) => c.name === name)).toMatchObject({ type: 'switch', value: '1' });
    }
    expect(configValue('backend_entrance')).toBe('/admin');
    expect(configValue('upload_mode')).toBe('local');
  });

  it('cannot be deleted from the config screen', () => {
    for (const c of CONFIG_ROWS) expect(c.allow_del, c.name).toBe(0);
  });
});

describe('security rules', () => {
  it('capture deletions of existing tables only', () => {
    const tables = new Set<string>(TABLE_NAMES);
    expect(DATA_RECYCLE_RULES).toHaveLength(6);
    for (const r of DATA_RECYCLE_RULES) {
      expect(tables.has(r.data_table ?? ''), r.data_table).toBe(true);
      expect(r).toMatchObject({ primary_key: 'id', status: '1', connection: '' });
    }
    expect(DATA_RECYCLE_RULES.find((r) => r.id === 3)).toMatchObject({
      controller_as: 'auth/rule',
      data_table: 'admin_rule',
    });
  });

  it('log sensitive fields given as JSON objects of labels', () => {
    const tables = new Set<string>(TABLE_NAMES);
    expect(SENSITIVE_DATA_RULES).toHaveLength(3);
    for (const r of SENSITIVE_DATA_RULES) {
      expect(tables.has(r.data_table ?? ''), r.data_table).toBe(true);
      const fields: unknown = JSON.parse(r.data_fields ?? '');
      expect(typeof fields === 'object' && fields !== null && !Array.isArray(fields)).toBe(true);
      for (const label of Object.values(fields as object)) expect(typeof label).toBe('string');
    }
    const fieldsOf = (id: number) =>
      Object.keys(JSON.parse(SENSITIVE_DATA_RULES[id - 1]?.data_fields ?? '{}'));
    expect(fieldsOf(1)).toEqual(['username', 'mobile', 'password', 'status']);
    expect(fieldsOf(2)).toEqual(['username', 'mobile', 'password', 'status', 'email']);
    expect(fieldsOf(3)).toEqual(['rules']);
  });
});

describe('installRows', () => {
  it('seeds only known tables', () => {
    for (const table of Object.keys(installRows())) expect(TABLE_NAMES).toContain(table);
  });

  // Rows are inserted several per statement; a column missing from one row would be written as
  // NULL on SQLite rather than taking its default, so each table's rows must name the same columns.
  it('gives every row of a table the same columns', () => {
    for (const [table, rows] of Object.entries(installRows())) {
      const first = Object.keys(rows[0] ?? {}).sort();
      for (const row of rows) expect(Object.keys(row).sort(), `${table} ${row.id}`).toEqual(first);
    }
  });
});

/**
 * The admin log reads in the reader's language: the titles actions give their entries (a
 * sign-in, the module steps, the terminal, two-factor), the menu rules' '<page>-<button>'
 * titles and a refused sign-in's reason, in the list and in the administrator's own timeline,
 * whatever language the entry was written in. Entries written before (with English titles)
 * read the same.
 */
import { TERMINAL_TICKET_URL } from '@portico/shared';
import { expect, it } from 'vitest';
import { now } from '../../src/clock.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../support/test-app.js';

/** Titles stored as the actions write them, and how each reads in Chinese. */
const ACTION_TITLES: [stored: string, zh: string][] = [
  ['Login: second factor asked', '登录：待验证第二因素'],
  ['Install module', '安装模块'],
  ['Enable module', '启用模块'],
  ['Disable module', '禁用模块'],
  ['Uninstall module', '卸载模块'],
  ['Change terminal config', '修改终端配置'],
  ['Turn on two-factor sign-in', '开启双因素登录'],
  ['Turn off two-factor sign-in', '关闭双因素登录'],
];

const LOG = '/admin/auth.AdminLog/index';

async function titlesOf(t: TestApp, token: string, lang: 'zh-cn' | 'en'): Promise<string[]> {
  const listed = await call(t.app, 'GET', LOG, { token, lang, query: { limit: '100' } });
  expect(listed.code).toBe(1);
  return (listed.data.list as { title: string }[]).map((row) => row.title);
}

forEachDatabase('admin log titles', (get) => {
  it('lists every title in Chinese to a Chinese reader and in English to an English one', async () => {
    const t = get();
    // Written now: a sign-in, the terminal's ticket, an add titled by its menu rules, and a
    // refused sign-in tried from an English screen.
    const { id, token } = await loginSuper(t);
    expect((await call(t.app, 'POST', TERMINAL_TICKET_URL, { token })).code).toBe(1);
    await call(t.app, 'POST', '/admin/auth.Admin/add', { token, body: { username: 'x' } });
    const refused = await call(t.app, 'POST', '/admin/index/login', {
      lang: 'en',
      body: { username: 'admin', password: 'wrong-password-1' },
    });
    expect(refused.code).toBe(0);
    // Written by earlier versions, with the English titles the actions stored then.
    await t.ctx.db.kysely
      .insertInto('admin_log')
      .values(
        ACTION_TITLES.map(([title]) => ({
          admin_id: id,
          username: 'admin',
          url: '/admin/module/install',
          title,
          data: '{}',
          ip: '127.0.0.1',
          useragent: 'test',
          create_time: now(),
        })),
      )
      .execute();

    const zh = await titlesOf(t, token, 'zh-cn');
    expect(zh).toEqual(
      expect.arrayContaining([
        '登录',
        '终端命令凭证',
        '管理员管理-添加',
        '登录失败：用户名或密码错误！',
        ...ACTION_TITLES.map(([, chinese]) => chinese),
      ]),
    );
    // Nothing English is left on the Chinese screen.
    expect(zh.filter((title) => /[A-Za-z]{2}/.test(title))).toEqual([]);

    const en = await titlesOf(t, token, 'en');
    expect(en).toEqual(
      expect.arrayContaining([
        'Login',
        'Terminal command ticket',
        'Admin management-Add',
        'Login failed: Incorrect user name or password!',
        ...ACTION_TITLES.map(([english]) => english),
      ]),
    );
    expect(en.filter((title) => /[\u4e00-\u9fff]/.test(title))).toEqual([]);

    // The administrator's own timeline on their profile reads the same.
    const mine = await call(t.app, 'GET', '/admin/routine.AdminInfo/log', {
      token,
      lang: 'zh-cn',
      query: { limit: '100' },
    });
    const timeline = (mine.data.list as { title: string }[]).map((row) => row.title);
    expect(timeline).toEqual(expect.arrayContaining(['登录', '终端命令凭证', '安装模块']));
  });
});

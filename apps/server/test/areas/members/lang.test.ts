/**
 * The members area's own messages live in its language pack, not the core's: each has its
 * Chinese text, and the app merges the pack when it starts its areas, so the first request
 * already reads them in Chinese.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MEMBERS_LANG, MEMBERS_MESSAGES } from '../../../src/areas/members/lang.js';
import { zhCn } from '../../../src/i18n/zh-cn.js';
import { call, loginSuper, startTestApp, type TestApp } from '../../support/test-app.js';

it('has a Chinese text for each of its messages, which the core does not translate', () => {
  const messages = Object.values(MEMBERS_MESSAGES);
  expect(messages.filter((key) => !MEMBERS_LANG['zh-cn'][key]?.trim())).toEqual([]);
  expect(messages.filter((key) => key in zhCn)).toEqual([]);
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp('sqlite');
});
afterAll(() => t.close());

it('answers its messages in Chinese from the first request', async () => {
  const { token } = await loginSuper(t);
  const added = await call(t.app, 'POST', '/admin/user.Group/add', {
    token,
    lang: 'zh-cn',
    body: { name: 'Empty', rules: [] },
  });
  expect(added.msg).toBe('请至少选择一条规则');
  const groups = await call(t.app, 'GET', '/admin/user.Group/index', { token, lang: 'zh-cn' });
  expect(groups.data.list.map((row: { rules_text: string }) => row.rules_text)).toContain('全部会员规则');
});

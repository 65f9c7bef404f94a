/** The dashboard's remark, figures and setup notice, and the nav bar's "clean up system cache". */
import { expect, it } from 'vitest';
import { now } from '../../src/clock.js';
import { setSettings } from '../support/member.js';
import { pinClockPerTest } from '../support/pinned-clock.js';
import {
  call,
  createAdmin,
  createGroup,
  forEachDatabase,
  loginAdmin,
  loginSuper,
} from '../support/test-app.js';

const clockAt = pinClockPerTest();

forEachDatabase('dashboard and clearCache', (get) => {
  it('answers the dashboard remark in the caller language', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const en = await call(t.app, 'GET', '/admin/dashboard/index', { token });
    expect(en).toMatchObject({
      code: 1,
      data: { remark: 'To keep the system safe, please operate with care.' },
    });
    const zh = await call(t.app, 'GET', '/admin/dashboard/index', { token, lang: 'zh-cn' });
    expect(zh.data.remark).toBe('为保障系统安全，请谨慎操作');
  });

  it('shows a setting changed straight in the database once the cache is cleared', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const siteName = async () =>
      (await call(t.app, 'GET', '/admin/index/index', { token })).data.siteConfig.siteName;
    const before = await siteName();
    await t.ctx.db.kysely
      .updateTable('config')
      .set({ value: 'Renamed site' })
      .where('name', '=', 'site_name')
      .execute();
    expect(await siteName()).toBe(before);

    const refused = await call(t.app, 'POST', '/admin/ajax/clearCache', {
      token,
      body: { type: 'everything' },
    });
    expect(refused).toMatchObject({ code: 0, msg: 'Parameter error' });
    expect(await siteName()).toBe(before);

    const cleared = await call(t.app, 'POST', '/admin/ajax/clearCache', { token, body: { type: 'tp' } });
    expect(cleared).toMatchObject({ code: 1, msg: 'Cache cleaned~' });
    expect(await siteName()).toBe('Renamed site');
  });

  it('counts members joining and attachments uploaded per day of the caller, by kind', async () => {
    // 08:00 UTC (16:00 in Shanghai): hours from midnight in either zone.
    clockAt('2025-03-12T08:00:00Z');
    const t = get();
    const { token } = await loginSuper(t);
    const day = 86_400;
    const time = now();
    await t.ctx.db.kysely
      .insertInto('user')
      .values([
        { username: 'today_a', join_time: time, create_time: time },
        { username: 'today_b', join_time: time, create_time: time },
        { username: 'two_days', join_time: time - 2 * day, create_time: time },
        { username: 'long_ago', join_time: time - 40 * day, create_time: time },
      ])
      .execute();
    await t.ctx.db.kysely
      .insertInto('attachment')
      .values([
        { url: '/a.png', mimetype: 'image/png', sha1: 'a', create_time: time },
        { url: '/b.pdf', mimetype: 'application/pdf', sha1: 'b', create_time: time - day },
        { url: '/c.zip', mimetype: 'application/zip', sha1: 'c', create_time: time },
      ])
      .execute();
    // tzOffset 0 keeps "today" the UTC day of `time`.
    const res = await call(t.app, 'GET', '/admin/dashboard/index', { token, query: { tzOffset: '0' } });
    expect(res.code).toBe(1);
    const { tiles, days, memberGrowth, attachmentGrowth } = res.data;
    expect(tiles).toMatchObject({ members: 4, membersToday: 2, attachments: 3, attachmentsToday: 2 });
    expect(days).toHaveLength(30);
    expect(days[29]).toBe(new Date(time * 1000).toISOString().slice(0, 10));
    expect(memberGrowth[29]).toBe(2);
    expect(memberGrowth[27]).toBe(1);
    expect(memberGrowth.reduce((a: number, b: number) => a + b, 0)).toBe(3);
    expect(attachmentGrowth.image[29]).toBe(1);
    expect(attachmentGrowth.archive[29]).toBe(1);
    expect(attachmentGrowth.document[28]).toBe(1);

    const bad = await call(t.app, 'GET', '/admin/dashboard/index', { token, query: { tzOffset: '99999' } });
    expect(bad.code).toBe(0);
  });

  it('tells administrators who can change the config that members cannot register yet', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const notice = async (as: string) =>
      (await call(t.app, 'GET', '/admin/dashboard/index', { token: as })).data.registrationNeedsSetup;
    // A fresh install: the member centre is open, but neither mail nor SMS can send a code.
    expect(await notice(token)).toBe(true);

    // Someone who may look at the dashboard but not change the config is not told.
    const viewers = await createGroup(t.ctx, 'Dashboard viewers', ['dashboard', 'dashboard/index']);
    await createAdmin(t.ctx, 'viewer', 'viewer-pass-1', [viewers]);
    expect(await notice((await loginAdmin(t.app, 'viewer', 'viewer-pass-1')).token)).toBe(false);

    await setSettings(t, { sms_provider: 'log' });
    expect(await notice(token)).toBe(false);
    await setSettings(t, { sms_provider: '', open_member_center: '0' });
    expect(await notice(token)).toBe(false);
    await setSettings(t, { open_member_center: '1' });
    expect(await notice(token)).toBe(true);
    // Nothing of the mail or SMS settings themselves is in the answer.
    const body = JSON.stringify((await call(t.app, 'GET', '/admin/dashboard/index', { token })).data);
    expect(body).not.toMatch(/smtp|sms_/i);
  });
});

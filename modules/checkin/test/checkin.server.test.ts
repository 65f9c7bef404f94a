/**
 * Daily check-in on a real server and database (each configured dialect), the module loaded
 * through the contract as an installed module is: its migration made its tables, its rules are
 * in both menus, a member checks in once per site day (ten requests at once award once), the
 * reward lands in the points log with a remark naming the check-in, the streak counts
 * consecutive days and starts again after a gap, the admin list filters by member and date,
 * and the reward setting changes what the next check-in gives. Disabling takes the rules out;
 * uninstalling drops the tables.
 */
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import {
  disableModule,
  moduleState,
  uninstallModule,
} from '../../../apps/server/src/module-contract/lifecycle.js';
import { createMember, loginMember, setSettings } from '../../../apps/server/test/support/member.js';
import { removeScratchDirs } from '../../../apps/server/test/support/module-project.js';
import {
  call,
  forEachDatabase,
  loginSuper,
  type TestApp,
} from '../../../apps/server/test/support/test-app.js';
import checkin from '../apps/server/src/modules/checkin/index.js';
import { installInto, projectWithPackage } from './scratch-install.js';

type MenuNode = { name: string; title: string; children?: MenuNode[] };
const flat = (menus: MenuNode[]): MenuNode[] => menus.flatMap((m) => [m, ...flat(m.children ?? [])]);

const PASSWORD = 'Member-pass-1';

/** Points and points-log rows of a member, as the member centre shows them. */
async function pointsLog(t: TestApp, userToken: string, lang: 'en' | 'zh-cn' = 'en') {
  const res = await call(t.app, 'GET', '/api/account/integral', { userToken, lang });
  expect(res.code).toBe(1);
  return res.data as { list: { score: number; memo: string; after: number }[]; total: number };
}

async function newMember(t: TestApp, username: string) {
  const id = await createMember(t.ctx, username, PASSWORD);
  return { id, token: await loginMember(t, username, PASSWORD) };
}

/** The member's check-in page state. */
async function status(t: TestApp, userToken: string, month?: string) {
  const res = await call(t.app, 'GET', '/api/checkin/index', { userToken, query: month ? { month } : {} });
  expect(res.code).toBe(1);
  return res.data as { today: string; checkedToday: boolean; streak: number; reward: number; days: string[] };
}

/** Moves the server's clock (Date only: timers, drivers and pools keep real time). */
function at(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

afterEach(() => {
  vi.useRealTimers();
});

// The servers below run on a scratch project where the installer put the package in place.
const project = projectWithPackage();
beforeAll(() => installInto(project));
afterAll(removeScratchDirs);

forEachDatabase(
  'daily check-in',
  (get) => {
    it('is enabled with its menu rules in the back-office and the member centre', async () => {
      const t = get();
      expect(await moduleState(t.ctx, 'checkin')).toBe(1);
      const { token } = await loginSuper(t);
      const admin = flat((await call(t.app, 'GET', '/admin/index/index', { token })).data.menus);
      const page = admin.find((m) => m.name === 'checkin/checkin');
      expect(page?.title).toBe('Daily check-in');
      const member = await newMember(t, 'menu_reader');
      for (const [lang, title] of [
        ['en', 'Daily check-in'],
        ['zh-cn', '每日签到'],
      ] as const) {
        const init = await call(t.app, 'GET', '/api/index/index', { userToken: member.token, lang });
        const rule = flat(init.data.menus).find((m) => m.name === 'checkin/index');
        expect(rule?.title).toBe(title);
      }
    });

    it('ten check-ins at once award the points once, with a points-log row naming the check-in', async () => {
      const t = get();
      // A day of its own, well inside it: on the real clock a run across the site's midnight
      // would see two days, and from 2030 on this check-in would fall into the range the list
      // test below expects to find none of eager's in.
      at('2029-06-01T04:00:00Z');
      const member = await newMember(t, 'eager');
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          call(t.app, 'POST', '/api/checkin/checkIn', { userToken: member.token, lang: 'zh-cn' }),
        ),
      );
      const won = answers.filter((a) => a.code === 1);
      expect(won).toHaveLength(1);
      expect(won[0]?.msg).toBe('签到成功，获得 5 积分');
      expect(answers.filter((a) => a.code === 0).map((a) => a.msg)).toEqual(
        Array(9).fill('今天已经签到过了'),
      );
      const today = won[0]?.data.date as string;
      expect(won[0]?.data).toMatchObject({ points: 5, streak: 1, score: 5 });

      const log = await pointsLog(t, member.token);
      expect(log.total).toBe(1);
      expect(log.list[0]).toMatchObject({ score: 5, after: 5, memo: `每日签到 ${today}` });
      // Clicking again later the same day changes nothing either.
      const again = await call(t.app, 'POST', '/api/checkin/checkIn', { userToken: member.token });
      expect(again).toMatchObject({ code: 0, msg: 'You have already checked in today' });
      expect((await pointsLog(t, member.token)).total).toBe(1);
      expect(await status(t, member.token)).toMatchObject({
        today,
        checkedToday: true,
        streak: 1,
        days: [today],
      });
    });

    it('the remark is written in the language of the member who checks in', async () => {
      const t = get();
      const member = await newMember(t, 'english_reader');
      const res = await call(t.app, 'POST', '/api/checkin/checkIn', { userToken: member.token, lang: 'en' });
      expect(res.msg).toBe('Checked in, 5 points received');
      expect((await pointsLog(t, member.token)).list[0]?.memo).toBe(`Daily check-in ${res.data.date}`);
    });

    it("counts the site's day in its time zone, and the streak over consecutive days, again from 1 after a gap", async () => {
      const t = get();
      await setSettings(t, { time_zone: 'Asia/Shanghai' });
      try {
        const id = await createMember(t.ctx, 'steady', PASSWORD);
        const checkInAt = async (iso: string) => {
          at(iso);
          const token = await loginMember(t, 'steady', PASSWORD);
          const res = await call(t.app, 'POST', '/api/checkin/checkIn', { userToken: token });
          expect(res.code).toBe(1);
          return { token, ...(res.data as { date: string; streak: number }) };
        };
        // 23:30 UTC on 28 February is 07:30 on 1 March in Shanghai: the site's day is 1 March.
        expect(await checkInAt('2030-02-28T23:30:00Z')).toMatchObject({ date: '2030-03-01', streak: 1 });
        expect(await checkInAt('2030-03-02T01:00:00Z')).toMatchObject({ date: '2030-03-02', streak: 2 });
        // 15:59 UTC is 23:59 in Shanghai, still the 3rd there.
        const third = await checkInAt('2030-03-03T15:59:00Z');
        expect(third).toMatchObject({ date: '2030-03-03', streak: 3 });

        // The 4th, not checked in yet: yesterday's streak still stands.
        at('2030-03-04T04:00:00Z');
        const fourth = await loginMember(t, 'steady', PASSWORD);
        expect(await status(t, fourth)).toMatchObject({
          today: '2030-03-04',
          checkedToday: false,
          streak: 3,
        });
        // The 5th, the 4th was missed: the streak is broken until the member checks in again.
        at('2030-03-05T04:00:00Z');
        const fifth = await loginMember(t, 'steady', PASSWORD);
        expect(await status(t, fifth)).toMatchObject({ checkedToday: false, streak: 0 });
        expect(await checkInAt('2030-03-05T05:00:00Z')).toMatchObject({ date: '2030-03-05', streak: 1 });

        const month = await status(t, fifth, '2030-03');
        expect(month).toMatchObject({ streak: 1, checkedToday: true, month: '2030-03' });
        expect(month.days).toEqual(['2030-03-01', '2030-03-02', '2030-03-03', '2030-03-05']);
        expect((await status(t, fifth, '2030-02')).days).toEqual([]);
        const log = await pointsLog(t, fifth);
        expect(log.list.map((row) => row.memo)).toEqual([
          'Daily check-in 2030-03-05',
          'Daily check-in 2030-03-03',
          'Daily check-in 2030-03-02',
          'Daily check-in 2030-03-01',
        ]);
        expect(log.list[0]?.after).toBe(20);
        expect(id).toBeGreaterThan(0);
      } finally {
        vi.useRealTimers();
        await setSettings(t, { time_zone: 'UTC' });
      }
    });

    it('refuses a month that is not one', async () => {
      const t = get();
      const member = await newMember(t, 'calendar_typo');
      const res = await call(t.app, 'GET', '/api/checkin/index', {
        userToken: member.token,
        query: { month: '2030-13' },
      });
      expect(res).toMatchObject({ code: 0, msg: 'Parameter month is invalid' });
    });

    it('lists check-ins for the back-office, searched by member and by date range', async () => {
      const t = get();
      const { token } = await loginSuper(t);
      const list = async (query: Record<string, unknown>) => {
        const res = await call(t.app, 'GET', '/admin/checkin.Checkin/index', {
          token,
          query: query as never,
        });
        expect(res.code).toBe(1);
        return res.data as { list: { username: string; date: string; points: number }[]; total: number };
      };
      const everyone = await list({});
      expect(everyone.total).toBeGreaterThanOrEqual(6);

      const steady = await list({ quickSearch: 'steady' });
      expect(steady.list.map((row) => row.date)).toEqual([
        '2030-03-05',
        '2030-03-03',
        '2030-03-02',
        '2030-03-01',
      ]);
      expect(steady.list.every((row) => row.username === 'steady')).toBe(true);

      const range = (from: string, to: string) => ({
        'search[0][field]': 'date',
        'search[0][operator]': 'RANGE',
        'search[0][val]': `${from},${to}`,
      });
      const early = await list(range('2030-03-02', '2030-03-03'));
      expect(early.list.map((row) => row.date)).toEqual(['2030-03-03', '2030-03-02']);
      const byMember = await list({
        ...range('2030-01-01', '2030-12-31'),
        'search[1][field]': 'user.username',
        'search[1][operator]': 'LIKE',
        'search[1][val]': 'eager',
      });
      expect(byMember.total).toBe(0);
      const eager = await list({
        'search[0][field]': 'user.username',
        'search[0][operator]': '=',
        'search[0][val]': 'eager',
      });
      expect(eager.list).toEqual([expect.objectContaining({ username: 'eager', points: 5 })]);
    });

    it('the reward setting changes what the next check-in gives, within its range', async () => {
      const t = get();
      const { token } = await loginSuper(t);
      const config = '/admin/checkin.Checkin/config';
      expect((await call(t.app, 'GET', config, { token })).data.points).toBe(5);
      for (const points of [-1, 100_001, 'many']) {
        const refused = await call(t.app, 'POST', config, { token, body: { points } });
        expect(refused.code).toBe(0);
      }
      const saved = await call(t.app, 'POST', config, { token, body: { points: 12 }, lang: 'zh-cn' });
      expect(saved).toMatchObject({ code: 1, msg: '更新成功' });
      expect((await call(t.app, 'GET', config, { token })).data.points).toBe(12);

      const member = await newMember(t, 'rewarded');
      expect((await status(t, member.token)).reward).toBe(12);
      const res = await call(t.app, 'POST', '/api/checkin/checkIn', { userToken: member.token });
      expect(res.data).toMatchObject({ points: 12, score: 12 });
      expect((await pointsLog(t, member.token)).list[0]).toMatchObject({ score: 12, after: 12 });

      // 0 switches the reward off: the day still counts, the points log gets no row of 0.
      await call(t.app, 'POST', config, { token, body: { points: 0 } });
      const unpaid = await newMember(t, 'unpaid');
      const free = await call(t.app, 'POST', '/api/checkin/checkIn', {
        userToken: unpaid.token,
        lang: 'zh-cn',
      });
      expect(free).toMatchObject({ code: 1, msg: '签到成功', data: { points: 0, score: null } });
      expect((await pointsLog(t, unpaid.token)).total).toBe(0);
      await call(t.app, 'POST', config, { token, body: { points: 5 } });
    });

    it('is for signed-in members holding its rule only', async () => {
      const t = get();
      expect((await call(t.app, 'POST', '/api/checkin/checkIn')).code).toBe(303);
      const member = await newMember(t, 'restricted');
      // A group with the account pages (the points log among them) but not the check-in.
      const granted = await t.ctx.db.kysely
        .selectFrom('user_rule')
        .select('id')
        .where('name', 'in', ['account', 'account/integral'])
        .execute();
      const rules = granted.map((rule) => rule.id).join(',');
      await t.ctx.db.kysely
        .insertInto('user_group')
        .values({ name: 'No check-in', rules, status: '1' })
        .execute();
      const group = await t.ctx.db.kysely
        .selectFrom('user_group')
        .select('id')
        .where('name', '=', 'No check-in')
        .executeTakeFirstOrThrow();
      await t.ctx.db.kysely
        .updateTable('user')
        .set({ group_id: group.id })
        .where('id', '=', member.id)
        .execute();
      const res = await call(t.app, 'POST', '/api/checkin/checkIn', { userToken: member.token });
      expect(res.msg).toBe('You have no permission');
      expect((await pointsLog(t, member.token)).total).toBe(0);
    });

    it('disabled, its rules are gone; uninstalled, its tables too', async () => {
      const t = get();
      await disableModule(t.ctx, checkin);
      const rules = async (table: 'admin_rule' | 'user_rule') =>
        (await t.ctx.db.kysely.selectFrom(table).select('name').where('name', 'like', 'checkin%').execute())
          .length;
      expect(await rules('admin_rule')).toBe(0);
      expect(await rules('user_rule')).toBe(0);
      await uninstallModule(t.ctx, checkin);
      const tables = await t.ctx.db.kysely.introspection.getTables();
      expect(tables.map((table) => table.name).filter((name) => name.includes('checkin'))).toEqual([]);
      // The members keep their points and their log.
      const kept = await t.ctx.db.kysely.selectFrom('user_score_log').select('memo').execute();
      expect(kept.length).toBeGreaterThanOrEqual(6);
    });
  },
  { projectDir: project },
  { modules: [checkin] },
);

/**
 * The market screens' logic (as in the original): prices, "New version", the merged grid,
 * the goods info buttons, and the login codes: the market's 301/408 end the market login, the
 * site's own 303/409 are about the administrator's session (checked against a real local
 * HTTP server, no mocks).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ModuleState, needsMarketLogin, type StoreListItem } from '@portico/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeIndex } from '../src/api/backend/market';
import { installModule, type LocalModule, updateModule } from '../src/api/backend/module';
import { notifier } from '../src/api/notifier';
import { resetRequestState, setBaseUrl } from '../src/api/request';
import { i18n, initI18n, loadBackendTexts, t } from '../src/lang';
import { setNavigator } from '../src/router/navigation';
import { useAdminInfo } from '../src/stores/admin-info';
import { useMarket } from '../src/stores/market';
import {
  canUninstall,
  goodsActions,
  isNewerVersion,
  mergeCards,
  orderIdFor,
  originalPriceText,
  priceText,
  purchaserText,
} from '../src/views/backend/module/market';
import { type LocalServer, listenLocally } from './support/local-server';

const item = (uid: string, fields: Partial<StoreListItem> = {}): StoreListItem => ({
  uid,
  title: `Module ${uid}`,
  logo: '',
  tags: [],
  category_id: 0,
  category: '',
  developer: 'Portico',
  price_type: 'free',
  price: '0',
  original_price: '',
  downloads: 3,
  version: '1.0.0',
  update_time: 0,
  ...fields,
});
const local = (uid: string, state: ModuleState, version = '1.0.0', update = false): LocalModule => ({
  uid,
  title: `Local ${uid}`,
  intro: '',
  author: 'someone',
  website: '',
  category: '',
  server: { dependencies: {}, devDependencies: {} },
  web: { dependencies: {}, devDependencies: {} },
  protectedFiles: [],
  version,
  state,
  update,
  waitInstall: [],
  uninstall: { removes: [`modules/${uid}`], keeps: [] },
});

beforeAll(async () => {
  await initI18n('en');
  await loadBackendTexts();
});

describe('prices', () => {
  it('reads "N points", "￥N" and Free, and strikes through a different original price', () => {
    expect(priceText('score', '10', t)).toBe('10 points');
    expect(priceText('money', '12.50', t)).toBe('￥12.50');
    expect(priceText('free', '0', t)).toBe('Free');
    expect(originalPriceText({ price_type: 'money', price: '12.50', original_price: '20.00' }, t)).toBe(
      '￥20.00',
    );
    expect(originalPriceText({ price_type: 'score', price: '10', original_price: '' }, t)).toBe('');
    expect(originalPriceText({ price_type: 'score', price: '10', original_price: '10' }, t)).toBe('');
  });

  it('says points in Chinese with the Chinese pack', async () => {
    const zh = i18n.cloneInstance({ lng: 'zh-cn' });
    const { default: pack } = await import('../src/lang/zh-cn/module');
    zh.addResourceBundle('zh-cn', 'translation', { 'module.{n} points': pack['{n} points'] }, true, true);
    expect(priceText('score', '10', (key, params) => zh.t(key, params ?? {}) as string)).toBe('10 积分');
  });
});

describe('New version', () => {
  it('compares versions by their numbers, not as text', () => {
    expect(isNewerVersion('1.0.10', '1.0.9')).toBe(true);
    expect(isNewerVersion('1.0.1', '1.0.1')).toBe(false);
    expect(isNewerVersion('1.0.0', '1.0.1')).toBe(false);
    expect(isNewerVersion('v2.0', '1.9.9')).toBe(true);
    expect(isNewerVersion('1.0.1', '1.0')).toBe(true);
    expect(isNewerVersion('', '1.0.0')).toBe(false);
  });
});

describe('the merged grid', () => {
  const list = [item('checkin', { version: '1.0.1' }), item('editor')];
  const machine = [
    local('checkin', ModuleState.installed, '1.0.0'),
    local('notes', ModuleState.waitInstall),
    local('gone', ModuleState.uninstalled),
  ];

  it('puts the machine state on listed cards and marks a newer market version', () => {
    const cards = mergeCards(list, machine, { allTab: true, keyword: '' });
    expect(cards.map((c) => c.uid)).toEqual(['checkin', 'editor', 'notes']);
    expect(cards[0]?.local?.state).toBe(ModuleState.installed);
    expect(cards[0]?.newVersion).toBe(true);
    expect(cards[1]?.local).toBeUndefined();
    expect(cards[1]?.newVersion).toBe(false);
    expect(cards[2]?.listed).toBe(false);
  });

  it('adds unlisted local modules only to "all", and only those the search matches', () => {
    expect(mergeCards(list, machine, { allTab: false, keyword: '' }).map((c) => c.uid)).toEqual([
      'checkin',
      'editor',
    ]);
    expect(mergeCards([], machine, { allTab: true, keyword: 'note' }).map((c) => c.uid)).toEqual(['notes']);
    expect(mergeCards([], machine, { allTab: true, keyword: 'zzz' })).toEqual([]);
  });
});

describe('goods info buttons', () => {
  const card = (state?: ModuleState, newVersion = false, listed = true) => ({
    listed,
    newVersion,
    local: state === undefined ? undefined : local('m', state),
  });

  it('offers Buy now for an unpaid module, Install now once covered or free', () => {
    const unpaid = { price_type: 'score' as const, purchase: { covered: false, order: null } };
    expect(goodsActions(unpaid, card())).toMatchObject({ buy: true, install: false });
    const covered = { price_type: 'score' as const, purchase: { covered: true, order: null } };
    expect(goodsActions(covered, card())).toMatchObject({ buy: false, install: true });
    expect(goodsActions({ price_type: 'free' }, card())).toMatchObject({ buy: false, install: true });
  });

  it('shows installed vX, to update and the switch for an installed module with a newer version', () => {
    const actions = goodsActions({ price_type: 'free' }, card(ModuleState.installed, true));
    expect(actions).toMatchObject({
      buy: false,
      install: false,
      installedVersion: '1.0.0',
      update: true,
      statusSwitch: true,
      uninstall: false,
    });
    expect(goodsActions({ price_type: 'free' }, card(ModuleState.disable))).toMatchObject({
      uninstall: true,
      update: false,
    });
    expect(goodsActions({ price_type: 'free' }, card(ModuleState.conflictPending)).continueInstall).toBe(
      true,
    );
  });

  it('shows Local module vX for a module the store does not list', () => {
    const actions = goodsActions(null, card(ModuleState.disable, false, false));
    expect(actions).toMatchObject({ buy: false, localVersion: '1.0.0', update: false });
  });

  it('installs under the paid order, or 0 for a free module', () => {
    const order = {
      id: 7,
      order_no: 'x',
      uid: 'm',
      module_title: 'M',
      price_type: 'score' as const,
      amount: '10',
      status: 'paid' as const,
      create_time: 0,
      pay_time: 0,
      expire_time: 0,
    };
    expect(orderIdFor({ price_type: 'score', purchase: { covered: true, order } })).toBe(7);
    expect(
      orderIdFor({
        price_type: 'score',
        purchase: { covered: false, order: { ...order, status: 'unpaid' } },
      }),
    ).toBe(0);
    expect(orderIdFor({ price_type: 'free' })).toBe(0);
  });

  it('names the purchasing member by e-mail, mobile or id', () => {
    expect(purchaserText({ id: 3, nickname: 'Ann', email: 'a@x.org', mobile: '' })).toBe('Ann（a@x.org）');
    expect(purchaserText({ id: 3, nickname: 'Ann', email: '', mobile: '' })).toBe('Ann（ID:3）');
  });
});

describe("the market's login codes and the site's", () => {
  let server: LocalServer;
  /** What the site answers a market call, given the admin token it came with. */
  let answer: (adminToken: string) => { code: number; msg: string; data: unknown } = () => ({
    code: 1,
    msg: '',
    data: {},
  });
  const seen: { path: string; batoken: string; market: string }[] = [];
  let navigations: string[] = [];

  beforeAll(async () => {
    server = await listenLocally(async (req: IncomingMessage, res: ServerResponse) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      for await (const _ of req);
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const batoken = String(req.headers.batoken ?? '');
      seen.push({ path, batoken, market: String(req.headers['x-market-token'] ?? '') });
      const body =
        path === '/api/common/refreshToken'
          ? {
              code: 1,
              msg: '',
              data: { type: 'admin-refresh', token: 'admin-fresh', refresh_token: 'admin-r2' },
            }
          : answer(batoken);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ...body, time: 0 }));
    });
    setBaseUrl(server.url);
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    resetRequestState();
    seen.length = 0;
    navigations = [];
    setNavigator((to) => navigations.push(to));
    vi.spyOn(notifier, 'error').mockImplementation((() => {}) as never);
    vi.spyOn(notifier, 'success').mockImplementation((() => {}) as never);
    useAdminInfo.getState().setInfo({ token: 'admin-t', refresh_token: 'admin-r', super: true });
    useMarket.setState({ token: 'market-t', memberDialog: false });
  });

  it('the market login is needed on 301 and 408 only, never on the site codes 303 and 409', () => {
    expect([0, 1, 301, 302, 303, 401, 408, 409].filter(needsMarketLogin)).toEqual([301, 408]);
  });

  for (const [code, msg] of [
    [301, 'Please login first'],
    [408, 'Token expiration'],
  ] as const) {
    it(`a market ${code} clears the market token and opens the member dialog, and keeps the admin signed in`, async () => {
      answer = () => ({ code, msg, data: {} });
      await expect(storeIndex({ keyword: '', category: 0 })).rejects.toMatchObject({ code });
      expect(useMarket.getState()).toMatchObject({ token: '', member: null, memberDialog: true });
      expect(useAdminInfo.getState().token).toBe('admin-t');
      // No refresh of the administrator's token, no trip to the login page.
      expect(seen.map((call) => call.path)).toEqual(['/admin/module/market']);
      expect(navigations).toEqual([]);
    });
  }

  it("the site's 409 refreshes the admin token and replays the market call, keeping the market login", async () => {
    answer = (adminToken) =>
      adminToken === 'admin-fresh'
        ? { code: 1, msg: '', data: { list: [], total: 0 } }
        : { code: 409, msg: 'Token expiration', data: {} };
    await expect(storeIndex({ keyword: '', category: 0 })).resolves.toMatchObject({ code: 1 });
    expect(seen.map((call) => [call.path, call.batoken])).toEqual([
      ['/admin/module/market', 'admin-t'],
      ['/api/common/refreshToken', 'admin-t'],
      ['/admin/module/market', 'admin-fresh'],
    ]);
    expect(seen[2]?.market).toBe('market-t');
    expect(useAdminInfo.getState().token).toBe('admin-fresh');
    expect(useMarket.getState()).toMatchObject({ token: 'market-t', memberDialog: false });
  });

  it("the site's 303 sends the administrator to sign in, keeping the market login", async () => {
    answer = () => ({ code: 303, msg: 'Please login first', data: { type: 'need login' } });
    await expect(storeIndex({ keyword: '', category: 0 })).rejects.toMatchObject({ code: 303 });
    expect(useAdminInfo.getState().token).toBe('');
    expect(navigations).toHaveLength(1);
    expect(useMarket.getState()).toMatchObject({ token: 'market-t', memberDialog: false });
  });

  it("an install from the market replays after the site's 409 and answers a market 408 as it is", async () => {
    answer = (adminToken) =>
      adminToken === 'admin-fresh'
        ? { code: 408, msg: 'The module market refused: Token expiration', data: null }
        : { code: 409, msg: 'Token expiration', data: {} };
    const answered = await installModule('hello', undefined, { token: 'market-t', orderId: 0 });
    expect(answered.code).toBe(408);
    expect(needsMarketLogin(answered.code)).toBe(true);
    expect(seen.map((call) => call.path)).toEqual([
      '/admin/module/install',
      '/api/common/refreshToken',
      '/admin/module/install',
    ]);
    expect(useAdminInfo.getState().token).toBe('admin-fresh');
  });

  it("an update from the market replays after the site's 409", async () => {
    answer = (adminToken) =>
      adminToken === 'admin-fresh'
        ? { code: 1, msg: '', data: { state: 2 } }
        : { code: 409, msg: 'Token expiration', data: {} };
    await expect(updateModule('hello', { token: 'market-t', orderId: 0 })).resolves.toMatchObject({
      code: 1,
    });
    expect(seen.map((call) => call.path)).toEqual([
      '/admin/module/update',
      '/api/common/refreshToken',
      '/admin/module/update',
    ]);
  });
});

describe('uninstall', () => {
  const plan = (removes: string[], keeps: string[] = []) => ({ removes, keeps });
  const card = (state: ModuleState, uninstall: { removes: string[]; keeps: string[] }) => ({
    listed: false,
    newVersion: false,
    local: { ...local('m', state), uninstall },
  });

  it('is offered for an uploaded module never installed, and for a disabled one', () => {
    expect(goodsActions(null, card(ModuleState.waitInstall, plan(['modules/m']))).uninstall).toBe(true);
    expect(goodsActions(null, card(ModuleState.disable, plan(['modules/m']))).uninstall).toBe(true);
    expect(goodsActions(null, card(ModuleState.installed, plan(['modules/m']))).uninstall).toBe(false);
  });

  it('is not offered when it would delete nothing (a shipped module never installed)', () => {
    const shipped = card(ModuleState.waitInstall, plan([], ['modules/m']));
    expect(canUninstall(shipped.local)).toBe(false);
    expect(goodsActions(null, shipped).uninstall).toBe(false);
  });
});

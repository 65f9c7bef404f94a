/**
 * The module market in Chromium (reference web §6.2) with this server as its own store (the
 * default MARKET_URL): the store publishes a free module and a paid one through its back-office
 * API, a store member is created; the administrator opens the market, sees the cards with their
 * prices, opens the goods info, is refused until the agreement is ticked, signs in as the
 * market member, installs the free module through the pipeline and sees it installed. The
 * server works on a scratch project (PROJECT_DIR) so the checkout stays as it is.
 * Screenshots: E2E_SCREENSHOT_DIR (e.g. /tmp/market-shots).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { moduleJson, writeRawZip } from '../apps/server/test/support/module-project.js';
import { adminToken, api } from './support/api.js';
import { browserAvailable, chooseLanguage, launchBrowser, loginAsAdmin, newPage } from './support/browser.js';
import { type E2eServer, startServer } from './support/server.js';

type Lang = 'en' | 'zh-cn';
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const FREE = 'e2emarket';
const PAID = 'e2epaid';
const MEMBER = { username: 'market_buyer', password: 'buyer-pass-1' };

function scratchProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portico-e2e-market-'));
  for (const file of ['package.json', 'apps/server/package.json', 'apps/web/package.json']) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(file, join(dir, file));
  }
  return dir;
}

/** A module package zip, uploaded as an administrator's attachment: answers its URL. */
async function uploadPackage(
  server: E2eServer,
  token: string,
  uid: string,
  title: string,
  version = '1.0.0',
): Promise<string> {
  const zip = join(mkdtempSync(join(tmpdir(), 'portico-e2e-zip-')), `${uid}-${version}.zip`);
  writeRawZip(zip, [
    { name: 'module.json', data: Buffer.from(JSON.stringify({ ...moduleJson({ uid, version }), title })) },
    { name: `apps/server/src/modules/${uid}/readme.txt`, data: Buffer.from(`${uid}\n`) },
  ]);
  const form = new FormData();
  form.append('file', new Blob([readFileSync(zip)], { type: 'application/zip' }), `${uid}-${version}.zip`);
  const response = await fetch(`${server.baseUrl}/admin/ajax/upload`, {
    method: 'POST',
    headers: { batoken: token, server: 'true', 'think-lang': 'en' },
    body: form,
  });
  const uploaded = (await response.json()) as { code: number; msg: string; data: { file: { url: string } } };
  if (uploaded.code !== 1) throw new Error(`upload: ${uploaded.msg}`);
  rmSync(dirname(zip), { recursive: true, force: true });
  return uploaded.data.file.url;
}

/** A new version of a published module, with its update log. */
async function publishVersion(
  server: E2eServer,
  token: string,
  uid: string,
  title: string,
  version: string,
  log: string,
) {
  const found = await fetch(`${server.baseUrl}/admin/store.Module/index?quickSearch=${uid}`, {
    headers: { batoken: token, server: 'true' },
  }).then((r) => r.json() as Promise<{ data: { list: { id: number; uid: string }[] } }>);
  const row = found.data.list.find((m) => m.uid === uid);
  if (!row) throw new Error(`${uid} not published`);
  const url = await uploadPackage(server, token, uid, title, version);
  await api(server, '/admin/store.Version/add', { module_id: row.id, package: url, update_log: log }, token);
}

async function publish(server: E2eServer, token: string, fields: Record<string, unknown>) {
  await api(server, '/admin/store.Module/add', { developer: 'Portico', status: '1', ...fields }, token);
  await publishVersion(
    server,
    token,
    String(fields.uid),
    String(fields.title),
    '1.0.0',
    'First release: notes for the market test',
  );
}

/** A screenshot once the dialogs stopped zooming in. */
async function screenshot(page: Page, file: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path: join(SHOTS ?? tmpdir(), file), animations: 'disabled' });
}

/** The module page's market view, signed in as the super administrator, in `lang`. */
async function openMarketOn(browser: Browser, server: E2eServer, lang: Lang, width: number) {
  const { context, page } = await newPage(browser, { width, height: 900 });
  await chooseLanguage(page, server.baseUrl, lang);
  await loginAsAdmin(page, server.baseUrl, server.adminPassword);
  await page.goto(`${server.baseUrl}/admin/moduleStore`);
  await page.getByTestId('market-view').waitFor();
  await page.waitForSelector('#block-loading', { state: 'detached' });
  return { context, page };
}

describe.skipIf(!browserAvailable)('module market: the store and its screens', () => {
  let server: E2eServer;
  let browser: Browser;
  let project: string;

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    project = scratchProject();
    server = await startServer({ PROJECT_DIR: project });
    browser = await launchBrowser();
    const token = await adminToken(server);
    await publish(server, token, {
      uid: FREE,
      title: 'Market notes',
      tags: 'notes,demo',
      price_type: 'free',
      price: '0',
      description: '**Market notes** keeps short notes.\n\n- one\n- two',
    });
    await api(server, '/admin/store.Category/add', { name: 'Tools', status: '1', weigh: 1 }, token);
    const categories = await fetch(`${server.baseUrl}/admin/store.Category/index`, {
      headers: { batoken: token, server: 'true' },
    }).then((r) => r.json() as Promise<{ data: { list: { id: number; name: string }[] } }>);
    await publish(server, token, {
      category_id: categories.data.list.find((c) => c.name === 'Tools')?.id,
      uid: PAID,
      title: 'Paid helper',
      tags: 'helper',
      price_type: 'score',
      price: '10',
      original_price: '20',
      description: 'A module sold for points.',
    });
    await api(
      server,
      '/admin/user.User/add',
      { username: MEMBER.username, nickname: 'Buyer', group_id: 1, password: MEMBER.password },
      token,
    );
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  const shoot = async (page: Page, name: string) => {
    if (!SHOTS) return;
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: join(SHOTS, `market-${name}.png`), animations: 'disabled' });
  };
  const openMarket = (lang: Lang, width: number) => openMarketOn(browser, server, lang, width);
  /** The grid's spinner has stopped: every request of what is shown has answered. */
  const settled = (page: Page) =>
    expect.poll(() => page.getByTestId('market-view').locator('.ant-spin-spinning').count()).toBe(0);
  const card = (page: Page, uid: string) => page.locator(`[data-testid="market-card"][data-uid="${uid}"]`);
  const pipeline = (page: Page) => page.getByTestId('module-pipeline');
  /** Signs in to the market through the member dialog and closes it. */
  const marketLogin = async (page: Page, lang: Lang) => {
    const en = lang === 'en';
    await page.getByTestId('market-member-button').click();
    const login = page.getByTestId('market-login');
    await login.getByLabel(en ? 'Account' : '账户').fill(MEMBER.username);
    await login.getByLabel(en ? 'Password' : '密码').fill(MEMBER.password);
    await login.getByRole('button', { name: en ? 'Sign in' : '登 录' }).click();
    await page.getByTestId('market-member').waitFor();
  };
  const closeMemberDialog = async (page: Page) => {
    const member = page.getByTestId('market-member');
    await page.locator('.ant-modal').filter({ has: member }).locator('.ant-modal-close').click();
    await member.waitFor({ state: 'detached' });
  };
  const fits = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  it('shows the cards with their prices, the goods info and the member dialog, in both languages', async () => {
    for (const [lang, width] of [
      ['en', 1440],
      ['zh-cn', 1440],
      ['en', 390],
      ['zh-cn', 390],
    ] as const) {
      const en = lang === 'en';
      const { context, page } = await openMarket(lang, width);
      await card(page, PAID).waitFor();
      await expect(card(page, PAID).getByTestId('market-price').innerText()).resolves.toBe(
        en ? '20 points\n10 points' : '20 积分\n10 积分',
      );
      await expect(card(page, PAID).locator('del').innerText()).resolves.toBe(en ? '20 points' : '20 积分');
      await expect(card(page, FREE).innerText()).resolves.toContain(en ? 'Free' : '免费');
      await expect(card(page, FREE).innerText()).resolves.toContain('Market notes');
      await expect(fits(page)).resolves.toBe(true);
      await shoot(page, `grid-${width}-${lang}`);

      await card(page, PAID).click();
      const goods = page.getByTestId('market-goods');
      await goods.getByText('A module sold for points.').waitFor();
      await expect(goods.innerText()).resolves.toContain(en ? 'Buy now' : '立即购买');
      await expect(goods.innerText()).resolves.toContain('First release: notes for the market test');
      await expect(fits(page)).resolves.toBe(true);
      await shoot(page, `goods-${width}-${lang}`);
      await page.keyboard.press('Escape');
      await goods.waitFor({ state: 'detached' });

      await page.getByTestId('market-member-button').click();
      await page.getByTestId('market-login').waitFor();
      await expect(fits(page)).resolves.toBe(true);
      await shoot(page, `member-login-${width}-${lang}`);
      await context.close();
    }
  });

  it('shows a category tab with its modules only, and searches after the typing stops', async () => {
    const { context, page } = await openMarket('en', 1440);
    await card(page, FREE).waitFor();
    await page.getByRole('tab', { name: 'Tools' }).click();
    await expect.poll(() => card(page, FREE).count()).toBe(0);
    await expect.poll(() => card(page, PAID).count()).toBe(1);
    await settled(page);
    await page.getByRole('tab', { name: 'All' }).click();
    await expect.poll(() => card(page, FREE).count()).toBe(1);
    await settled(page);
    await page.getByRole('textbox', { name: 'Search' }).fill('paid');
    await expect.poll(() => card(page, FREE).count()).toBe(0);
    await expect.poll(() => card(page, PAID).count()).toBe(1);
    await settled(page);
    await context.close();
  });

  it('installs the free module after the agreement and the market login', async () => {
    const { context, page } = await openMarket('en', 1440);
    await card(page, FREE).click();
    const goods = page.getByTestId('market-goods');
    await goods.getByText('keeps short notes.').waitFor();
    // The description is the store's HTML: its markdown is rendered.
    await expect(goods.locator('.market-description strong').innerText()).resolves.toBe('Market notes');

    await goods.getByRole('button', { name: 'Install now' }).click();
    await page.getByText('Please read and agree to the Module purchase and use agreement first').waitFor();
    await expect(pipeline(page).count()).resolves.toBe(0);

    await goods.getByTestId('market-agreement').click();
    await goods.getByRole('button', { name: 'Install now' }).click();
    // Not signed in to the market: the member dialog asks first.
    const login = page.getByTestId('market-login');
    await login.waitFor();
    await login.getByLabel('Account').fill(MEMBER.username);
    await login.getByLabel('Password').fill('wrong-pass-1');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => login.count()).toBe(1);
    await login.getByLabel('Password').fill(MEMBER.password);
    await login.getByRole('button', { name: 'Sign in' }).click();
    const member = page.getByTestId('market-member');
    await member.waitFor();
    await expect(member.innerText()).resolves.toContain('Buyer');
    await expect(member.getByTestId('market-score').innerText()).resolves.toBe('0');
    await shoot(page, 'member-1440-en');
    await page.locator('.ant-modal').filter({ has: member }).getByRole('button', { name: 'Close' }).click();
    await member.waitFor({ state: 'detached' });

    await goods.getByRole('button', { name: 'Install now' }).click();
    await expect.poll(() => pipeline(page).getAttribute('data-screen'), { timeout: 30_000 }).toBe('done');
    const done = page.getByTestId('module-done');
    await expect(done.innerText()).resolves.toContain('Congratulations, module installation is complete');
    await expect.poll(() => page.locator('.portico-spin').count(), { timeout: 120_000 }).toBe(0);
    await done.getByRole('button', { name: 'End of installation' }).click();
    await page.getByTestId('market-view').waitFor();
    await expect
      .poll(() => card(page, FREE).getByTestId('module-state').innerText(), { timeout: 30_000 })
      .toBe('installed');
    await expect(fits(page)).resolves.toBe(true);
    await shoot(page, 'installed-1440-en');

    await card(page, FREE).click();
    await expect(goods.getByTestId('market-installed').innerText()).resolves.toBe('installed v1.0.0');
    await context.close();
  });

  it('shows New version once the store publishes 1.0.1, and updates through Disable and update', async () => {
    await publishVersion(server, await adminToken(server), FREE, 'Market notes', '1.0.1', 'Second release');
    const { context, page } = await openMarket('en', 1440);
    onTestFailed(async () => {
      await page.screenshot({ path: join(tmpdir(), 'market-update-failed.png') });
    });
    await expect
      .poll(() => card(page, FREE).getByTestId('market-new-version').count(), { timeout: 10_000 })
      .toBe(1);
    await marketLogin(page, 'en');
    await closeMemberDialog(page);
    await card(page, FREE).click();
    const goods = page.getByTestId('market-goods');
    await goods.getByText('Second release').waitFor();
    await goods.getByTestId('market-update').click();
    await page.getByRole('button', { name: 'Disable and update' }).click();
    await expect.poll(() => pipeline(page).getAttribute('data-screen'), { timeout: 60_000 }).toBe('done');
    await expect(page.getByTestId('module-done').innerText()).resolves.toContain(
      'Congratulations, module installation is complete',
    );
    await expect.poll(() => page.locator('.portico-spin').count(), { timeout: 120_000 }).toBe(0);
    await page.getByTestId('module-done').getByRole('button', { name: 'End of installation' }).click();
    await page.getByTestId('market-view').waitFor();
    await expect
      .poll(() => card(page, FREE).getByTestId('module-state').innerText(), { timeout: 30_000 })
      .toBe('installed');
    await expect(card(page, FREE).getByTestId('market-new-version').count()).resolves.toBe(0);
    await card(page, FREE).click();
    await expect(goods.getByTestId('market-installed').innerText()).resolves.toBe('installed v1.0.1');
    await context.close();
  }, 180_000);

  it('buys the paid module with the member points and installs it (zh-cn, 390 px)', async () => {
    const token = await adminToken(server);
    const found = await fetch(`${server.baseUrl}/admin/user.User/index?quickSearch=${MEMBER.username}`, {
      headers: { batoken: token, server: 'true' },
    }).then((r) => r.json() as Promise<{ data: { list: { id: number }[] } }>);
    await api(
      server,
      '/admin/user.ScoreLog/add',
      { user_id: found.data.list[0]?.id, score: 15, memo: 'for the market test' },
      token,
    );
    const { context, page } = await openMarket('zh-cn', 390);
    await marketLogin(page, 'zh-cn');
    await expect(page.getByTestId('market-score').innerText()).resolves.toBe('15');
    await closeMemberDialog(page);

    await card(page, PAID).click();
    const goods = page.getByTestId('market-goods');
    await goods.getByRole('button', { name: '立即购买' }).click();
    const buy = page.getByTestId('market-buy');
    await buy.waitFor();
    const text = await buy.innerText();
    expect(text).toContain('一年');
    expect(text).toContain('7 天');
    expect(text).toContain('Paid helper');
    expect(text).toContain('10 积分');
    expect(text).toContain('Buyer（ID:');
    // Points only: no payment gateway is offered.
    await expect(buy.getByRole('button').allInnerTexts()).resolves.toEqual(['积分支付']);
    await expect(fits(page)).resolves.toBe(true);
    await shoot(page, 'buy-390-zh-cn');

    await buy.getByRole('button', { name: '积分支付' }).click();
    await page.getByText('请先阅读并同意《模块购买和使用协议》').waitFor();
    await expect(pipeline(page).count()).resolves.toBe(0);
    await buy.getByTestId('market-agreement').click();
    await buy.getByRole('button', { name: '积分支付' }).click();
    // Paid: the install starts at once and downloads with the order.
    await expect.poll(() => pipeline(page).getAttribute('data-screen'), { timeout: 30_000 }).toBe('done');
    const done = page.getByTestId('module-done');
    await expect(done.innerText()).resolves.toContain('恭喜，模块安装已完成');
    await expect.poll(() => page.locator('.portico-spin').count(), { timeout: 120_000 }).toBe(0);
    await done.getByRole('button', { name: '结束安装' }).click();
    await page.getByTestId('market-view').waitFor();
    await expect
      .poll(() => card(page, PAID).getByTestId('module-state').innerText(), { timeout: 30_000 })
      .toBe('已安装');

    // The market login outlived the reload; the points dropped by the price.
    await page.getByTestId('market-member-button').click();
    await expect.poll(() => page.getByTestId('market-score').innerText()).toBe('5');
    await page.getByRole('button', { name: '我的模块' }).click();
    const orders = page.getByTestId('market-member').locator('.ant-table');
    await orders.waitFor();
    await expect(orders.innerText()).resolves.toContain('Paid helper');
    await expect(orders.innerText()).resolves.toContain('已支付');
    await expect(fits(page)).resolves.toBe(true);
    await shoot(page, 'member-orders-390-zh-cn');
    await context.close();
  });
});

describe.skipIf(!browserAvailable)('module market: a checkout with its own modules, captcha on', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ USER_LOGIN_CAPTCHA: '1' });
    browser = await launchBrowser();
    const token = await adminToken(server);
    await api(
      server,
      '/admin/user.User/add',
      { username: MEMBER.username, nickname: 'Buyer', group_id: 1, password: MEMBER.password },
      token,
    );
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the captcha, changes it on a click and after a failed sign-in', async () => {
    const { context, page } = await openMarketOn(browser, server, 'en', 390);
    await page.getByTestId('market-member-button').click();
    const captcha = page.getByTestId('market-captcha').locator('img');
    await captcha.waitFor();
    const src = () => captcha.getAttribute('src');
    const first = await src();
    expect(first).toMatch(/^data:image\/svg\+xml/);
    // The image is drawn: an SVG the browser could decode has a width.
    await expect.poll(() => captcha.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    if (SHOTS) await screenshot(page, 'market-member-captcha-390-en.png');
    await page.getByTestId('market-captcha').click();
    await expect.poll(src).not.toBe(first);
    const second = await src();

    const login = page.getByTestId('market-login');
    await login.getByLabel('Account').fill(MEMBER.username);
    await login.getByLabel('Password').fill(MEMBER.password);
    await login.getByLabel('Captcha').fill('zzzz');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(src).not.toBe(second);
    await expect(login.getByLabel('Captcha').inputValue()).resolves.toBe('');
    await expect(page.getByTestId('market-member').count()).resolves.toBe(0);
    await context.close();
  });

  it("lists Portico's own modules, free, in a fresh checkout's market (its own store)", async () => {
    const { context, page } = await openMarketOn(browser, server, 'en', 1440);
    // This server works on the checkout: its store published the shipped modules at first start.
    const editor = page.locator('[data-testid="market-card"][data-uid="editor"]');
    await expect.poll(() => editor.getByTestId('module-state').innerText()).toBe('Wait for installation');
    await expect(page.locator('[data-testid="market-card"][data-uid="checkin"]').count()).resolves.toBe(1);
    await editor.click();
    const goods = page.getByTestId('market-goods');
    await goods.waitFor();
    await expect(goods.getByRole('button', { name: 'Install now' }).count()).resolves.toBe(1);
    await expect(goods.getByRole('button', { name: 'Buy now' }).count()).resolves.toBe(0);
    // The store's own listing: its price and the version it published.
    await expect(goods.innerText()).resolves.toContain('Free');
    await expect(goods.innerText()).resolves.toMatch(/Version\s+1\.0\.0/);
    if (SHOTS) await screenshot(page, 'market-goods-first-party-1440-en.png');
    await context.close();
  });
});

/**
 * The module market in Chromium (as in the original) with this server as its own store (the
 * default MARKET_URL): the store publishes a free module and a paid one through its back-office
 * API, a store member is created; the administrator opens the market, sees the cards with their
 * prices, opens the goods info, is refused until the agreement is ticked, signs in as the
 * market member, installs the free module through the pipeline and sees it installed. The
 * server works on a scratch project (PROJECT_DIR) so the checkout stays as it is.
 * Screenshots: E2E_SCREENSHOT_DIR (e.g. /tmp/market-shots).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { moduleJson, writeRawZip } from '../apps/server/test/support/module-project.js';
import { adminToken, api } from './support/api.js';
import {
  browserAvailable,
  explainingFailure,
  launchBrowser,
  opened,
  settledScreenshot,
} from './support/browser.js';
import { qrLikePng } from './support/qr-png.js';
import { type E2eServer, startServer } from './support/server.js';
import {
  type Lang,
  memberWithPoints,
  openMarketOn,
  publishVersion as publishPackage,
  uploadAttachment,
} from './support/store.js';

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const FREE = 'e2emarket';
const PAID = 'e2epaid';
const MEMBER = { username: 'market_buyer', password: 'buyer-pass-1' };
const CONTACT = 'mailto:dev@example.com';
const DEMO_URL = 'https://demo.example.com/admin';
const PHONE_URL = 'https://m.example.com/';

function scratchProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portico-e2e-market-'));
  for (const file of ['package.json', 'apps/server/package.json', 'apps/web/package.json']) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(file, join(dir, file));
  }
  return dir;
}

/** A package of `uid` at `version` with one server file, published in the store as a version. */
async function publishVersion(
  server: E2eServer,
  token: string,
  uid: string,
  title: string,
  version: string,
  log: string,
) {
  const zip = join(mkdtempSync(join(tmpdir(), 'portico-e2e-zip-')), `${uid}-${version}.zip`);
  writeRawZip(zip, [
    { name: 'module.json', data: Buffer.from(JSON.stringify({ ...moduleJson({ uid, version }), title })) },
    { name: `apps/server/src/modules/${uid}/readme.txt`, data: Buffer.from(`${uid}\n`) },
  ]);
  await publishPackage(server, token, uid, zip, log);
  rmSync(dirname(zip), { recursive: true, force: true });
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

describe.skipIf(!browserAvailable)('module market: the store and its screens', () => {
  let server: E2eServer;
  let browser: Browser;
  let project: string;
  /** The uploaded QR code of the paid module's phone demo (a path on the store). */
  let qr = '';

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    project = scratchProject();
    server = await startServer({ PROJECT_DIR: project });
    browser = await launchBrowser();
    const token = await adminToken(server);
    qr = await uploadAttachment(server, token, qrLikePng(), 'phone-demo-qr.png', 'image/png');
    await publish(server, token, {
      uid: FREE,
      demos: [{ title: 'Notes demo', url: DEMO_URL, image: '' }],
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
      developer_contact: CONTACT,
      demos: [
        { title: 'Back-office demo', url: DEMO_URL, image: '' },
        { title: 'Phone demo', url: PHONE_URL, image: qr },
      ],
    });
    await memberWithPoints(server, token, { ...MEMBER, nickname: 'Buyer' }, 0);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  const shoot = async (page: Page, name: string) => {
    if (SHOTS) await settledScreenshot(page, join(SHOTS, `market-${name}.png`));
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
  /** The pipeline's done screen, End of installation, and the card back in the grid as installed. */
  const finishInstall = async (page: Page, uid: string, lang: Lang) => {
    const en = lang === 'en';
    await expect.poll(() => pipeline(page).getAttribute('data-screen'), { timeout: 60_000 }).toBe('done');
    const done = page.getByTestId('module-done');
    await expect(done.innerText()).resolves.toContain(
      en ? 'Congratulations, module installation is complete' : '恭喜，模块安装已完成',
    );
    await expect.poll(() => page.locator('.portico-spin').count(), { timeout: 120_000 }).toBe(0);
    await done.getByRole('button', { name: en ? 'End of installation' : '结束安装' }).click();
    await page.getByTestId('market-view').waitFor();
    await expect
      .poll(() => card(page, uid).getByTestId('module-state').innerText(), { timeout: 30_000 })
      .toBe(en ? 'installed' : '已安装');
  };
  const fits = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  // One test per language and width: the four in one test once passed its minute on a loaded machine.
  it.each([
    ['en', 1440],
    ['zh-cn', 1440],
    ['en', 390],
    ['zh-cn', 390],
  ] as const)(
    'shows the cards with their prices, the goods info and the member dialog, in %s at %i px',
    async (lang, width) => {
      const en = lang === 'en';
      const { context, page } = await openMarket(lang, width);
      await card(page, PAID).waitFor();
      await expect(card(page, PAID).getByTestId('market-price').innerText()).resolves.toBe(
        en ? '20 points\n10 points' : '20 积分\n10 积分',
      );
      await expect(card(page, PAID).locator('del').innerText()).resolves.toBe(en ? '20 points' : '20 积分');
      await expect(card(page, FREE).innerText()).resolves.toContain(en ? 'Free' : '免费');
      await expect(card(page, FREE).innerText()).resolves.toContain('Market notes');
      // The green group opens the store (this server: MARKET_URL is unset) in a new tab.
      for (const [id, text, path] of [
        ['market-publish', en ? 'Publishing module' : '发布模块', '/admin/store/module'],
        ['market-points', en ? 'Get points' : '获取积分', '/user/account/integral'],
      ] as const) {
        const button = page.getByTestId(id);
        await expect(button.innerText()).resolves.toContain(text);
        // Disabled, without a link, until the site has said where the store is (a request of
        // its own, which CI once saw answer after the cards were drawn).
        await expect.poll(() => button.getAttribute('href')).toBe(`${server.baseUrl}${path}`);
        await expect(button.getAttribute('target')).resolves.toBe('_blank');
        await expect(button.getAttribute('rel')).resolves.toContain('noopener');
      }
      await expect(fits(page)).resolves.toBe(true);
      await shoot(page, `grid-${width}-${lang}`);

      await card(page, PAID).click();
      const goods = page.getByTestId('market-goods');
      await goods.getByText('A module sold for points.').waitFor();
      await expect(goods.innerText()).resolves.toContain(en ? 'Buy now' : '立即购买');
      await expect(goods.innerText()).resolves.toContain('First release: notes for the market test');
      const contact = goods.getByTestId('market-contact');
      await expect(contact.innerText()).resolves.toContain(en ? 'Contact developer' : '联系开发者');
      await expect(contact.getAttribute('href')).resolves.toBe(CONTACT);
      await expect(fits(page)).resolves.toBe(true);
      await shoot(page, `goods-${width}-${lang}`);

      // Not purchased: View demo lists the entries, each opening in a new tab.
      const demo = goods.getByTestId('market-demo');
      await expect(demo.innerText()).resolves.toContain(en ? 'View demo' : '查看演示');
      await demo.hover();
      const entries = page.getByTestId('market-demo-entry');
      await expect.poll(() => entries.count()).toBe(2);
      await expect(entries.allInnerTexts().then((texts) => texts.map((t) => t.trim()))).resolves.toEqual([
        'Back-office demo',
        'Phone demo',
      ]);
      for (const [index, url] of [DEMO_URL, PHONE_URL].entries()) {
        await expect(entries.nth(index).getAttribute('href')).resolves.toBe(url);
        await expect(entries.nth(index).getAttribute('target')).resolves.toBe('_blank');
        await expect(entries.nth(index).getAttribute('rel')).resolves.toContain('noopener');
        await expect(entries.nth(index).locator('.anticon').count()).resolves.toBe(1);
      }
      // The entry with a QR code shows it when pointed at; the one without has no popover.
      await entries.nth(1).hover();
      const preview = page
        .locator('.ant-popover')
        .filter({ hasText: en ? 'Code scanning Preview' : '扫码预览' });
      await preview.waitFor();
      const image = preview.locator('img.market-demo-qr');
      await expect(image.getAttribute('src')).resolves.toBe(`${server.baseUrl}${qr}`);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(fits(page)).resolves.toBe(true);
      await shoot(page, `demo-${width}-${lang}`);
      await page.mouse.move(1, 1);
      await expect.poll(() => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count()).toBe(0);
      await page.keyboard.press('Escape');
      await goods.waitFor({ state: 'detached' });

      await page.getByTestId('market-member-button').click();
      await page.getByTestId('market-login').waitFor();
      await expect(fits(page)).resolves.toBe(true);
      await shoot(page, `member-login-${width}-${lang}`);
      await context.close();
    },
  );

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

  it("opens the store's module screen and member points page in new tabs", async () => {
    const { context, page } = await openMarket('en', 1440);
    const [publishTab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('market-publish').click(),
    ]);
    await expect.poll(() => new URL(publishTab.url()).pathname).toBe('/admin/store/module');
    // The same browser is signed in to the store's back-office: its module list opens.
    await publishTab.getByText(PAID, { exact: true }).first().waitFor();
    const [pointsTab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('market-points').click(),
    ]);
    // No member is signed in on the store: its member centre asks first.
    await expect.poll(() => new URL(pointsTab.url()).pathname).toMatch(/^\/user\//);
    await context.close();
  });

  it('installs the free module after the agreement and the market login', async () => {
    const { context, page } = await openMarket('en', 1440);
    await card(page, FREE).click();
    const goods = page.getByTestId('market-goods');
    await goods.getByText('keeps short notes.').waitFor();
    // The description is the store's HTML: its markdown is rendered.
    await expect(goods.locator('.market-description strong').innerText()).resolves.toBe('Market notes');

    // Free and installable: its demo is offered.
    await expect(goods.getByTestId('market-demo').count()).resolves.toBe(1);
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
    // The button ignores clicks while a sign-in is under way: wait for the store's refusal.
    const refused = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).searchParams.get('path') === 'user/checkIn',
    );
    await login.getByRole('button', { name: 'Sign in' }).click();
    await refused;
    await expect
      .poll(() => login.getByRole('button', { name: 'Sign in' }).getAttribute('class'))
      .not.toContain('ant-btn-loading');
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
    await finishInstall(page, FREE, 'en');
    await expect(fits(page)).resolves.toBe(true);
    await shoot(page, 'installed-1440-en');

    await card(page, FREE).click();
    await expect(goods.getByTestId('market-installed').innerText()).resolves.toBe('installed v1.0.0');
    // Installed: the site has the module itself, no demo is offered.
    await expect(goods.getByTestId('market-demo').count()).resolves.toBe(0);
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
    // CI once showed this confirmation still open a minute after the click: clicked while it
    // zoomed in (support/browser.ts, `opened`). It closes with the click, or the failure says
    // what the page did.
    const confirm = page.getByRole('button', { name: 'Disable and update' });
    await opened(page.getByRole('dialog').filter({ has: confirm }));
    await explainingFailure(page, async () => {
      await confirm.click();
      await confirm.waitFor({ state: 'detached' });
    });
    await finishInstall(page, FREE, 'en');
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
    await finishInstall(page, PAID, 'zh-cn');

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
    await memberWithPoints(server, token, { ...MEMBER, nickname: 'Buyer' }, 0);
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
    if (SHOTS) await settledScreenshot(page, join(SHOTS, 'market-member-captcha-390-en.png'));
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
    if (SHOTS) await settledScreenshot(page, join(SHOTS, 'market-goods-first-party-1440-en.png'));
    await context.close();
  });
});

/**
 * The module market between two Portico instances, each with its own database: a store (run
 * from the checkout: selling changes none of its files) and a site on a scratch copy of the
 * project without the check-in module, whose MARKET_URL names the store.
 *
 * The store sells Daily check-in for 10 points. On the site, in Chromium, the administrator
 * opens the market, signs in as a store member through the captcha, buys the module with
 * points (the store member's points drop by 10, and the store's points log names the module),
 * installs it (the server restarts with its code, the web app is rebuilt), sets its reward in
 * its admin screen, and a member of the site checks in and receives the points. The store then
 * publishes 1.0.1: the site shows "New version" and updates through "Disable and update".
 *
 * Prints the time of the purchase-to-installed and of the update.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  listPackageFiles,
  moduleDir,
  writeBackupZip,
} from '../apps/server/src/features/module/package/index.js';
import { adminToken, api } from './support/api.js';
import { browserAvailable, launchBrowser, newPage } from './support/browser.js';
import { captchaAnswer } from './support/captcha.js';
import { copyProject } from './support/project-copy.js';
import { qrLikePng } from './support/qr-png.js';
import { type E2eServer, startServer } from './support/server.js';
import {
  adminList,
  memberWithPoints,
  openMarketOn,
  publishVersion,
  storeModule,
  uploadAttachment,
} from './support/store.js';

/** Restarts and web builds on two busy cores. */
const SLOW = 5 * 60_000;
const UID = 'checkin';
const BUYER = { username: 'store_buyer', password: 'buyer-pass-1', nickname: 'Store buyer' };
const MEMBER = { username: 'site_member', password: 'member-pass-1', nickname: 'Site member' };
const REWARD = 7;
/** E2E_SCREENSHOT_DIR: where to save what the screens looked like. */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const shoot = async (page: Page, name: string) => {
  if (SHOTS)
    await page.screenshot({ path: join(SHOTS, `market-two-sites-${name}.png`), animations: 'disabled' });
};

/** The checkout's check-in package at `version`, as the store's owner would build it. */
async function checkinPackage(version: string): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), 'portico-e2e-checkin-'));
  const folder = moduleDir(work, UID);
  const files = await listPackageFiles('.', UID);
  for (const file of files) {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    cpSync(join(moduleDir('.', UID), file), join(folder, file));
  }
  const info = JSON.parse(readFileSync(join(moduleDir('.', UID), 'module.json'), 'utf8'));
  writeFileSync(join(folder, 'module.json'), JSON.stringify({ ...info, version }, null, 2));
  const zip = join(work, `${UID}-${version}.zip`);
  await writeBackupZip(folder, zip, ['module.json', ...files]);
  return zip;
}

describe.skipIf(!browserAvailable)('module market: a store and a site, each on its own database', () => {
  let project: string;
  let store: E2eServer;
  let site: E2eServer;
  let browser: Browser;
  let admin: Page;
  let storeToken: string;

  beforeAll(async () => {
    store = await startServer({ USER_LOGIN_CAPTCHA: '1' });
    storeToken = await adminToken(store);
    const { id } = await storeModule(store, storeToken, UID);
    const form = await fetch(`${store.baseUrl}/admin/store.Module/edit?id=${id}`, {
      headers: { batoken: storeToken, server: 'true' },
    }).then((r) => r.json() as Promise<{ data: { row: Record<string, unknown> } }>);
    await api(
      store,
      '/admin/store.Module/edit',
      {
        ...form.data.row,
        id,
        price_type: 'score',
        price: '10',
        original_price: '15',
        // A QR code uploaded to the store: the site's market must show it from the store.
        demos: [
          {
            title: 'Check-in on a phone',
            url: 'https://demo.example.com/checkin',
            image: await uploadAttachment(store, storeToken, qrLikePng(), 'checkin-qr.png', 'image/png'),
          },
        ],
      },
      storeToken,
    );
    await memberWithPoints(store, storeToken, BUYER, 15);

    project = copyProject();
    // The site does not ship the module: it comes from the store.
    rmSync(join(project, 'modules', UID), { recursive: true, force: true });
    site = await startServer({ MARKET_URL: store.baseUrl }, { root: project });
    browser = await launchBrowser();
    admin = (await openMarketOn(browser, site, 'en', 1440)).page;
    admin.setDefaultTimeout(30_000);
  }, 15 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await store?.stop();
    if (project) rmSync(dirname(project), { recursive: true, force: true });
  });

  const screenshotOnFailure = (page: Page, name: string) =>
    onTestFailed(async () => {
      await page.screenshot({ path: join(tmpdir(), `market-two-sites-${name}.png`), fullPage: true });
    });
  const card = () => admin.locator(`[data-testid="market-card"][data-uid="${UID}"]`);
  const goods = () => admin.getByTestId('market-goods');
  const pipeline = () => admin.getByTestId('module-pipeline');
  const openMarket = async () => {
    await admin.goto(`${site.baseUrl}/admin/moduleStore`);
    await admin.getByTestId('market-view').waitFor();
    await admin.waitForSelector('#block-loading', { state: 'detached' });
  };
  /**
   * The done screen after the server restarted with the module's code: the reissue radio on,
   * End of installation rebuilds the web app and reloads the page.
   */
  const finishWithRebuild = async () => {
    await expect.poll(() => pipeline().getAttribute('data-screen'), { timeout: SLOW }).toBe('done');
    const done = admin.getByTestId('module-done');
    await expect(done.innerText()).resolves.toContain('Congratulations, module installation is complete');
    // The page waits for the restart behind its overlay; then End of installation is offered.
    await expect.poll(() => admin.locator('.portico-spin').count(), { timeout: SLOW }).toBe(0);
    await done.locator('label', { hasText: /^yes$/ }).click();
    const reloaded = admin.waitForEvent('load', { timeout: SLOW });
    await done.getByRole('button', { name: 'End of installation' }).click();
    await reloaded;
    await admin.waitForSelector('#block-loading', { state: 'detached' });
  };

  it(
    'buys Daily check-in with store points, installs it, and a site member checks in for points',
    async () => {
      screenshotOnFailure(admin, 'buy');
      await expect(card().getByTestId('market-price').innerText()).resolves.toBe('15 points\n10 points');
      // Publishing module and Get points lead to the store named by MARKET_URL, not to the site.
      // They get their links once the site has said where the store is (a request of its own,
      // which may answer after the cards): read them when they are there.
      await expect
        .poll(() => admin.getByTestId('market-publish').getAttribute('href'))
        .toBe(`${store.baseUrl}/admin/store/module`);
      await expect
        .poll(() => admin.getByTestId('market-points').getAttribute('href'))
        .toBe(`${store.baseUrl}/user/account/integral`);
      await card().click();
      await goods().getByTestId('market-demo').hover();
      // Point at the entry only once the menu has finished opening: while it slides in, the
      // pointer can land on the page beneath, and the menu closes as the pointer leaves it.
      await expect
        .poll(() =>
          admin
            .locator('.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-appear"]):not([class*="-enter"])')
            .count(),
        )
        .toBe(1);
      await admin.getByTestId('market-demo-entry').hover();
      const qr = admin.locator('.ant-popover img.market-demo-qr');
      await expect(qr.getAttribute('src')).resolves.toMatch(
        new RegExp(`^${store.baseUrl}/storage/.+\\.png$`),
      );
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await admin.mouse.move(1, 1);
      await expect.poll(() => admin.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count()).toBe(0);
      await admin.locator('.ant-modal').filter({ has: goods() }).locator('.ant-modal-close').click();
      await goods().waitFor({ state: 'detached' });

      // The store member's sign-in, captcha on: its answer is read as a person would read the image.
      const captchaIds: string[] = [];
      admin.on('request', (request) => {
        const url = new URL(request.url());
        if (url.searchParams.get('path') === 'common/captcha')
          captchaIds.push(url.searchParams.get('id') ?? '');
      });
      await admin.getByTestId('market-member-button').click();
      const login = admin.getByTestId('market-login');
      await login.getByTestId('market-captcha').locator('img').waitFor();
      await login.getByLabel('Account').fill(BUYER.username);
      await login.getByLabel('Password').fill(BUYER.password);
      await login.getByLabel('Captcha').fill(captchaAnswer(store, captchaIds.at(-1) ?? ''));
      await login.getByRole('button', { name: 'Sign in' }).click();
      const member = admin.getByTestId('market-member');
      await member.waitFor();
      await expect(member.getByTestId('market-score').innerText()).resolves.toBe('15');
      await admin.locator('.ant-modal').filter({ has: member }).locator('.ant-modal-close').click();
      await member.waitFor({ state: 'detached' });

      await card().click();
      await goods().getByRole('button', { name: 'Buy now' }).click();
      const buy = admin.getByTestId('market-buy');
      await expect(buy.innerText()).resolves.toContain('Daily check-in');
      await buy.getByTestId('market-agreement').click();
      await shoot(admin, 'buy-1440-en');
      const paid = Date.now();
      await buy.getByRole('button', { name: 'Point payment' }).click();
      await finishWithRebuild();
      console.log(
        `[market two sites] paid → installed and rebuilt: ${((Date.now() - paid) / 1000).toFixed(1)} s`,
      );

      // The store charged its member once, and its points log says for what.
      const [buyer] = await adminList<{ id: number; score: number }>(
        store,
        storeToken,
        `/admin/user.User/index?quickSearch=${BUYER.username}`,
      );
      expect(buyer?.score).toBe(5);
      const log = await adminList<{ user_id: number; score: number; memo: string }>(
        store,
        storeToken,
        '/admin/user.ScoreLog/index?limit=100',
      );
      expect(log.filter((row) => row.user_id === buyer?.id && row.score < 0)).toEqual([
        expect.objectContaining({ score: -10, memo: expect.stringContaining('Daily check-in') }),
      ]);

      // Installed on the site: its admin screen sets the reward.
      await openMarket();
      await expect.poll(() => card().getByTestId('module-state').innerText()).toBe('installed');
      await admin.goto(`${site.baseUrl}/admin/checkin/checkin`);
      await admin.waitForSelector('#block-loading', { state: 'detached' });
      const reward = admin.getByTestId('checkin-reward');
      // The module's default reward, from its own settings table on this site's database.
      await expect.poll(() => reward.inputValue()).toBe('5');
      await reward.fill(String(REWARD));
      const saved = admin.waitForResponse(
        (r) => r.url().includes('/admin/checkin.Checkin/config') && r.request().method() === 'POST',
      );
      await admin.getByRole('button', { name: 'Save' }).click();
      await expect((await saved).json()).resolves.toMatchObject({ code: 1 });
      await shoot(admin, 'checkin-admin-1440-en');

      // A member of the site checks in, in Chinese, on a phone.
      const siteToken = await adminToken(site);
      const memberId = await memberWithPoints(site, siteToken, MEMBER, 0);
      const { context, page } = await newPage(browser, { width: 390, height: 844 });
      screenshotOnFailure(page, 'member');
      await page.goto(`${site.baseUrl}/user/login`);
      await page.fill('#username', MEMBER.username);
      await page.fill('#password', MEMBER.password);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/user\/account\/overview/);
      await page.goto(`${site.baseUrl}/user/checkin/index`);
      const button = page.getByTestId('checkin-button');
      await expect(button.innerText()).resolves.toContain('立即签到');
      await button.click();
      await expect.poll(() => button.innerText()).toContain('今日已签到');
      await expect(page.getByTestId('checkin-streak').innerText()).resolves.toContain('1');
      await shoot(page, 'member-checkin-390-zh-cn');
      const [checked] = await adminList<{ id: number; score: number }>(
        site,
        siteToken,
        `/admin/user.User/index?quickSearch=${MEMBER.username}`,
      );
      expect(checked).toMatchObject({ id: memberId, score: REWARD });
      await context.close();
    },
    SLOW * 3,
  );

  it(
    'shows New version once the store publishes 1.0.1, and updates through Disable and update',
    async () => {
      screenshotOnFailure(admin, 'update');
      const zip = await checkinPackage('1.0.1');
      await publishVersion(store, storeToken, UID, zip, 'Second release: a steadier streak');
      rmSync(dirname(zip), { recursive: true, force: true });

      await openMarket();
      await card().getByTestId('market-new-version').waitFor();
      await card().click();
      await goods().getByText('Second release: a steadier streak').waitFor();
      const started = Date.now();
      await goods().getByTestId('market-update').click();
      await admin.getByRole('button', { name: 'Disable and update' }).click();
      await finishWithRebuild();
      console.log(
        `[market two sites] update → installed and rebuilt: ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );

      await openMarket();
      await expect.poll(() => card().getByTestId('module-state').innerText()).toBe('installed');
      await expect(card().getByTestId('market-new-version').count()).resolves.toBe(0);
      await card().click();
      await expect(goods().getByTestId('market-installed').innerText()).resolves.toBe('installed v1.0.1');
      // The update kept the module's data: the reward set before is still the setting.
      await admin.goto(`${site.baseUrl}/admin/checkin/checkin`);
      await expect.poll(() => admin.getByTestId('checkin-reward').inputValue()).toBe(String(REWARD));
    },
    SLOW * 3,
  );
});

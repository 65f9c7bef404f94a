/**
 * The member centre in Chromium: a visitor registers with an e-mail code read from an SMTP
 * server the test starts, edits the profile, changes the password and signs in with the
 * new one, then sees a balance change an administrator made.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, startMailbox } from '../apps/server/test/support/mailbox.js';
import { api } from './support/api.js';
import { browserAvailable, chooseLanguage, launchBrowser, newPage } from './support/browser.js';
import { type E2eServer, startServer } from './support/server.js';

describe.skipIf(!browserAvailable)('member centre', () => {
  let server: E2eServer;
  let browser: Browser;
  let mailbox: Mailbox;
  let adminToken = '';

  beforeAll(async () => {
    mailbox = await startMailbox('e2e-member-mail');
    server = await startServer();
    browser = await launchBrowser();
    const login = await api<{ userInfo: { token: string } }>(server, '/admin/index/login', {
      username: 'admin',
      password: server.adminPassword,
    });
    adminToken = login.userInfo.token;
    await api(
      server,
      '/admin/routine.Config/edit',
      {
        smtp_server: '127.0.0.1',
        smtp_port: String(mailbox.port),
        smtp_user: 'mailer',
        smtp_pass: mailbox.password,
        smtp_verification: '',
        smtp_sender_mail: 'noreply@example.com',
      },
      adminToken,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
  });

  const signIn = async (page: Page, username: string, password: string) => {
    await page.goto(`${server.baseUrl}/user/login`);
    await page.fill('#username', username);
    await page.fill('#password', password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/user\/account\/overview/);
  };

  it('registers with an e-mail code, edits the profile, changes the password, and sees a balance change', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/user/login?type=register`);
    await page.waitForSelector('#block-loading', { state: 'detached' });
    await page.fill('#register_username', 'visitor1');
    await page.fill('#register_password', 'first-pass1');
    await page.fill('#register_email', 'visitor1@example.com');
    await page.click('[data-testid=send-code]');
    await expect.poll(() => mailbox.codeFor('visitor1@example.com'), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    // The button counts down before another code may be sent.
    await expect.poll(() => page.textContent('[data-testid=send-code]')).toMatch(/\d+秒/);
    await page.fill('#register_captcha', mailbox.codeFor('visitor1@example.com') ?? '');
    await page.click('form#register button[type=submit]');
    await page.waitForURL(/\/user\/account\/overview/);
    expect(await page.textContent('[data-testid=member-nickname]')).toBe('visitor1');

    // Profile: a new nickname shows in the aside once saved.
    await page.click('text=个人资料 >> nth=0');
    await page.waitForURL(/\/user\/account\/profile/);
    await page.fill('#profile_nickname', 'Visitor_One');
    await page.click('form#profile button[type=submit]');
    await expect.poll(() => page.textContent('[data-testid=member-nickname]')).toBe('Visitor_One');

    // Password: the member is signed out, the old password no longer works, the new one does.
    await page.goto(`${server.baseUrl}/user/account/changePassword`);
    await page.fill('#oldPassword', 'first-pass1');
    await page.fill('#newPassword', 'second-pass2');
    await page.fill('#confirmPassword', 'second-pass2');
    await page.click('button[type=submit]');
    await page.waitForURL(/\/user\/login/);
    await page.fill('#username', 'visitor1@example.com');
    await page.fill('#password', 'first-pass1');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.ant-message-error').count()).toBeGreaterThan(0);
    expect(page.url()).toMatch(/\/user\/login/);
    await signIn(page, 'visitor1', 'second-pass2');

    // An administrator credits the member; the member sees it in the balance log.
    const members = await fetch(`${server.baseUrl}/admin/user.User/index?quickSearch=visitor1`, {
      headers: { batoken: adminToken, server: 'true' },
    }).then((r) => r.json() as Promise<{ data: { list: { id: number }[] } }>);
    const memberId = members.data.list[0]?.id;
    await api(
      server,
      '/admin/user.MoneyLog/add',
      { user_id: memberId, money: '12.5', memo: 'Welcome bonus' },
      adminToken,
    );
    await page.goto(`${server.baseUrl}/user/account/balance`);
    await page.waitForSelector('.ba-ledger-item');
    expect(await page.textContent('.ba-ledger-item')).toContain('Welcome bonus');
    expect(await page.textContent('.ba-ledger-item')).toContain('+12.50');
    expect(await page.textContent('[data-testid=member-balance]')).toContain('12.50');
  });

  it('opens the menu in a drawer on a small screen', async () => {
    const { page } = await newPage(browser, { width: 390, height: 800 });
    await signIn(page, 'visitor1', 'second-pass2');
    // The greeting beside it squeezed the avatar into an oval.
    const avatar = await page.locator('.ba-account-head .ant-avatar').boundingBox();
    expect(avatar && [avatar.width, avatar.height]).toEqual([90, 90]);
    expect(await page.locator('.ba-frontend-aside').isVisible()).toBe(false);
    await page.click('.ba-frontend-burger');
    await page.click('.ant-drawer >> text=余额记录');
    await page.waitForURL(/\/user\/account\/balance/);
    // The drawer closes when the page changes.
    await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
  });

  it("shows the profile's signed-in sessions whole on a small screen in English", async () => {
    const { page } = await newPage(browser, { width: 390, height: 800 });
    await chooseLanguage(page, server.baseUrl, 'en');
    await signIn(page, 'visitor1', 'second-pass2');
    await page.goto(`${server.baseUrl}/user/account/profile`);
    // Each session's last use on one line (it broke inside the hour).
    const lastUsed = page.getByTestId('session-last-used');
    await expect.poll(() => lastUsed.count()).toBeGreaterThan(1);
    const lines = await lastUsed.evaluateAll((times) =>
      times.map((time) => new Set([...time.getClientRects()].map((rect) => Math.round(rect.top))).size),
    );
    expect(lines.every((count) => count === 1)).toBe(true);
    // The card's title whole beside its button ("Signed-in sessio…" before).
    const title = page.getByTestId('sessions-card').locator('.ant-card-head-title');
    expect(await title.innerText()).toBe('Signed-in sessions');
    expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  });
});

/**
 * What a new site's administrator and first members meet, in Chromium: on a fresh install
 * the register tab says registration is not available yet and the dashboard says what to
 * configure; once mail is set up a visitor registers (code from a real SMTP server), sets
 * the nickname "Alice W" in a profile without a birthday, and an administrator edits that
 * member in the member list.
 */
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, startMailbox } from '../apps/server/test/support/mailbox.js';
import { adminToken, api } from './support/api.js';
import { browserAvailable, launchBrowser, loginAsAdmin, newPage } from './support/browser.js';
import { type E2eServer, startServer } from './support/server.js';
import { openSignedIn } from './support/signed-in.js';

describe.skipIf(!browserAvailable)('member forms on a new site', () => {
  let server: E2eServer;
  let browser: Browser;
  let mailbox: Mailbox;

  beforeAll(async () => {
    mailbox = await startMailbox('e2e-member-forms-mail');
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
  });

  const openRegister = async (page: Page) => {
    await page.goto(`${server.baseUrl}/user/login?type=register`);
    await page.waitForSelector('#block-loading', { state: 'detached' });
  };
  /** The dashboard once its data has arrived (the remark is part of the same answer). */
  const openDashboard = async (page: Page) => {
    await page.goto(`${server.baseUrl}/admin/dashboard`);
    await expect.poll(() => page.locator('.ba-welcome .ant-typography-secondary').textContent()).not.toBe('');
  };
  const notice = (page: Page) => page.getByTestId('registration-setup-notice');

  it('says up front that registration is not available, and tells the administrator what to configure', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 800 });
    await openRegister(page);
    const unavailable = page.getByTestId('register-unavailable');
    await unavailable.waitFor();
    expect(await unavailable.textContent()).toContain('暂未开放注册');
    expect(await page.locator('#register_username').count()).toBe(0);
    expect(await page.locator('button[type=submit]').count()).toBe(0);
    // It fits a phone's width.
    const box = await unavailable.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
    // Back to signing in.
    await page.getByRole('button', { name: '返回登录' }).click();
    await page.waitForSelector('#username');
    await context.close();

    const admin = await newPage(browser);
    await loginAsAdmin(admin.page, server.baseUrl, server.adminPassword);
    await openDashboard(admin.page);
    expect(await notice(admin.page).textContent()).toContain('会员还无法注册');
    await notice(admin.page).getByRole('button', { name: '邮件配置' }).click();
    await admin.page.waitForURL(/\/admin\/routine\/config\?tab=mail/);
    await admin.page.locator('#smtp_server').waitFor();
    expect(await admin.page.locator('.ant-tabs-tab-active').textContent()).toBe('邮件配置');
    await admin.context.close();
  });

  it('shows the register form and no dashboard notice once mail is configured', async () => {
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
      await adminToken(server),
    );
    const { context, page } = await newPage(browser);
    await openRegister(page);
    await page.locator('#register_username').waitFor();
    expect(await page.getByTestId('register-unavailable').count()).toBe(0);
    await context.close();

    const admin = await newPage(browser);
    await loginAsAdmin(admin.page, server.baseUrl, server.adminPassword);
    await openDashboard(admin.page);
    expect(await notice(admin.page).count()).toBe(0);
    await admin.context.close();
  });

  it('lets a member without a birthday save "Alice W" as nickname', async () => {
    const { context, page } = await newPage(browser);
    await openRegister(page);
    await page.fill('#register_username', 'newbie');
    await page.fill('#register_password', 'newbie-pass1');
    await page.fill('#register_email', 'newbie@example.com');
    await page.click('[data-testid=send-code]');
    await expect.poll(() => mailbox.codeFor('newbie@example.com'), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    await page.fill('#register_captcha', mailbox.codeFor('newbie@example.com') ?? '');
    await page.click('form#register button[type=submit]');
    await page.waitForURL(/\/user\/account\/overview/);

    await page.goto(`${server.baseUrl}/user/account/profile`);
    await page.locator('#profile_nickname').waitFor();
    expect(await page.inputValue('#profile_birthday')).toBe('');
    await page.fill('#profile_nickname', 'Alice W');
    await page.click('form#profile button[type=submit]');
    await expect.poll(() => page.textContent('[data-testid=member-nickname]')).toBe('Alice W');
    await page.reload();
    expect(await page.inputValue('#profile_nickname')).toBe('Alice W');
    // Saved again without a birthday, as it is.
    await page.fill('#profile_motto', 'Hello');
    await page.click('form#profile button[type=submit]');
    await expect.poll(() => page.locator('.ant-message-success').count()).toBeGreaterThan(0);
    expect(await page.locator('.ant-form-item-explain-error').count()).toBe(0);
    await context.close();
  });

  it('lets an administrator edit a self-registered member, who has no birthday', async () => {
    const admin = await openSignedIn(browser, server, { path: '/admin/user/user' });
    const row = admin.page.locator('.ant-table-row', { hasText: 'newbie' });
    await row.waitFor();
    await admin.page.waitForSelector('#block-loading', { state: 'detached' });
    await row.locator('.anticon-edit').click();
    const dialog = admin.page.getByRole('dialog');
    const nickname = dialog.getByPlaceholder('请输入昵称');
    // The member's own nickname, whatever the step before managed to save.
    await expect.poll(() => nickname.inputValue()).not.toBe('');
    await nickname.fill('Alice Walker');
    await admin.page.getByTestId('form-save').click();
    await expect.poll(() => admin.page.locator('.ant-message-success').count()).toBeGreaterThan(0);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => admin.page.locator('.ant-table-row', { hasText: 'newbie' }).textContent())
      .toContain('Alice Walker');
    await admin.context.close();
  });

  it('saves a member whose nickname predates the rule, as long as the nickname is left alone', async () => {
    const db = new Database(server.databaseFile);
    try {
      db.prepare("update ba_user set nickname = 'Old <b>name</b>' where username = 'newbie'").run();
    } finally {
      db.close();
    }
    const { context, page } = await openSignedIn(browser, server, { path: '/admin/user/user' });
    const row = page.locator('.ant-table-row', { hasText: 'newbie' });
    await row.waitFor();
    await page.waitForSelector('#block-loading', { state: 'detached' });
    await row.locator('.anticon-edit').click();
    const dialog = page.getByRole('dialog');
    const nickname = dialog.getByPlaceholder('请输入昵称');
    await expect.poll(() => nickname.inputValue()).toBe('Old <b>name</b>');
    // A new nickname must follow the rule, and the browser says so before sending.
    await nickname.fill('New <b>name</b>');
    await page.getByTestId('form-save').click();
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').textContent()).toContain('昵称');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await row.locator('.anticon-edit').click();
    await expect.poll(() => nickname.inputValue()).toBe('Old <b>name</b>');
    await dialog.getByPlaceholder('请输入个性签名').fill('Kept as it was');
    await page.getByTestId('form-save').click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.locator('.ant-table-row', { hasText: 'newbie' }).textContent()).toContain(
      'Old <b>name</b>',
    );
    await context.close();
  });
});

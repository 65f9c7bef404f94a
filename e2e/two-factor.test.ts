/**
 * Two-factor sign-in in the browser: an administrator sets it up from the profile
 * (scans the key, confirms with a code computed here as an authenticator app would, keeps
 * the recovery codes), then signs in with a code, and on a phone in Chinese with a recovery
 * code; an administrator of a group that requires it sets it up while signing in (first, while
 * the super administrator's token still comes from the password alone). axe finds nothing
 * serious on each new screen.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addGuardedAdmin, adminToken } from './support/api.js';
import { audit } from './support/axe.js';
import { browserAvailable, chooseLanguage, newPage, settledScreenshot } from './support/browser.js';
import { serverWithBrowser } from './support/suite.js';

/** The code an authenticator app shows `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** Set E2E_SCREENSHOT_DIR to look at the screens. */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

describe.skipIf(!browserAvailable)('two-factor sign-in', () => {
  const suite = serverWithBrowser();
  const shoot = async (page: Page, name: string) => {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    await settledScreenshot(page, join(SHOTS, `two-factor-${name}.png`));
  };
  let recoveryCodes: string[] = [];
  let secret = '';

  const passwordStep = async (page: Page, username: string, password: string) => {
    await page.goto(`${suite.server.baseUrl}/admin/login`);
    await page.fill('#username', username);
    await page.fill('#password', password);
    await page.keyboard.press('Enter');
    await page.getByTestId('two-factor-step').waitFor();
  };
  const reachesDashboard = async (page: Page) => {
    await page.waitForURL(/\/admin\/dashboard/);
    await page.waitForSelector('#block-loading', { state: 'detached' });
  };
  const fits = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  it('sets the second factor up while signing in when the group requires it', async () => {
    await addGuardedAdmin(suite.server, await adminToken(suite.server), {
      username: 'guarded1',
      nickname: 'Guarded One',
      password: 'Guarded-pass1',
    });

    const { context, page } = await newPage(suite.browser);
    await chooseLanguage(page, suite.server.baseUrl, 'en');
    await passwordStep(page, 'guarded1', 'Guarded-pass1');
    const step = page.getByTestId('two-factor-step');
    await expect(step.getByRole('heading').innerText()).resolves.toBe(
      'Your group requires two-factor sign-in',
    );
    const key = (await step.getByTestId('two-factor-secret').innerText()).trim();
    await expect(audit(page, 'set-up at sign-in')).resolves.toEqual([]);
    await shoot(page, 'enrol-at-sign-in-en');
    await step.getByLabel('Code from your authenticator app').fill(codeOf(key));
    await page.keyboard.press('Enter');
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    await expect(list.getByRole('listitem').count()).resolves.toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await reachesDashboard(page);
    await context.close();
  });

  it('is set up from the profile, then asks for a code after the password', async () => {
    const { context, page } = await newPage(suite.browser);
    await chooseLanguage(page, suite.server.baseUrl, 'en');
    await page.goto(`${suite.server.baseUrl}/admin/login`);
    await page.fill('#username', 'admin');
    await page.fill('#password', suite.server.adminPassword);
    await page.keyboard.press('Enter');
    await reachesDashboard(page);

    await page.goto(`${suite.server.baseUrl}/admin/routine/adminInfo`);
    const card = page.getByTestId('two-factor-card');
    await expect(card.getByTestId('two-factor-state').innerText()).resolves.toBe('Off');
    await card.getByRole('button', { name: 'Set up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
    await dialog.getByRole('img', { name: 'QR code of the new key' }).locator('canvas').waitFor();
    secret = (await dialog.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(audit(page, 'set-up dialog', '.ant-modal')).resolves.toEqual([]);
    await shoot(page, 'setup-en');

    await dialog.getByLabel('Code from your authenticator app').fill('12345');
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').innerText())
      .toBe('Enter the 6-digit code from the app.');
    await dialog.getByLabel('Code from your authenticator app').fill(codeOf(secret));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    // Turned on, the dialog shows the recovery codes, once.
    const codesDialog = page.getByRole('dialog', { name: 'Recovery codes' });
    const list = codesDialog.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await expect(audit(page, 'recovery codes', '.ant-modal')).resolves.toEqual([]);
    await shoot(page, 'recovery-codes-en');
    expect(recoveryCodes.every((c) => /^[0-9a-z]{5}-[0-9a-z]{5}$/.test(c))).toBe(true);
    await codesDialog.getByRole('button', { name: 'I have saved them' }).click();
    await codesDialog.waitFor({ state: 'detached' });
    await expect.poll(() => card.getByTestId('two-factor-state').innerText()).toBe('On');
    await expect(card.innerText()).resolves.toContain('10 recovery codes left');
    await context.close();

    const next = await newPage(suite.browser);
    await chooseLanguage(next.page, suite.server.baseUrl, 'en');
    await passwordStep(next.page, 'admin', suite.server.adminPassword);
    const step = next.page.getByTestId('two-factor-step');
    await expect(step.getByRole('heading').innerText()).resolves.toBe('Two-factor sign-in');
    await step.getByLabel('Code from your authenticator app, or a recovery code').fill('000000');
    await next.page.keyboard.press('Enter');
    await next.page.getByText('The code is not correct').waitFor();
    // The enrolment's code is spent: the app's next one signs in.
    await step.getByLabel('Code from your authenticator app, or a recovery code').fill(codeOf(secret, 1));
    await next.page.keyboard.press('Enter');
    await reachesDashboard(next.page);
    await next.context.close();
  });

  it('takes a recovery code once, in Chinese at 390 px', async () => {
    const { context, page } = await newPage(suite.browser, { width: 390, height: 844 });
    await chooseLanguage(page, suite.server.baseUrl, 'zh-cn');
    await passwordStep(page, 'admin', suite.server.adminPassword);
    const step = page.getByTestId('two-factor-step');
    await expect(step.getByRole('heading').innerText()).resolves.toBe('双因素登录');
    await expect(fits(page)).resolves.toBe(true);
    await expect(audit(page, 'second step (zh-cn, 390 px)')).resolves.toEqual([]);
    await shoot(page, 'second-step-390-zh');
    await step.getByLabel('身份验证器应用中的验证码，或一个恢复码').fill(recoveryCodes[0] as string);
    await step.getByRole('button', { name: /^登\s*录$/ }).click();
    await reachesDashboard(page);
    await page.goto(`${suite.server.baseUrl}/admin/routine/adminInfo`);
    await expect.poll(() => page.getByTestId('two-factor-card').innerText()).toContain('剩余 9 个恢复码');
    await expect(fits(page)).resolves.toBe(true);
    await context.close();
  });
});

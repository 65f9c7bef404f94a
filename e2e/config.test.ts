/**
 * The configuration screen in Chromium: a new site name shows in the page title at once,
 * and the mail tab's test mail reaches an SMTP server started by the test.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, startMailbox } from '../apps/server/test/support/mailbox.js';
import { browserAvailable, explainingFailure, launchBrowser } from './support/browser.js';
import { type E2eServer, startServer } from './support/server.js';
import { openSignedIn } from './support/signed-in.js';

describe.skipIf(!browserAvailable)('configuration', () => {
  let server: E2eServer;
  let browser: Browser;
  let mailbox: Mailbox;

  beforeAll(async () => {
    // STARTTLS with smtp-server's own self-signed certificate, then a password login.
    mailbox = await startMailbox('e2e-mail-pass', { starttls: true });
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
  });

  // English, so the test mail's subject needs no header decoding.
  const openConfig = async () => {
    const opened = await openSignedIn(browser, server, { lang: 'en', path: '/admin/routine/config' });
    await opened.page.waitForSelector('#site_name');
    return opened;
  };

  it('changes the site name and shows it in the page title', async () => {
    const { context, page } = await openConfig();
    await page.fill('#site_name', 'E2E Site');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.title()).toBe('System configuration - E2E Site');
    await page.reload();
    await page.waitForSelector('#site_name');
    expect(await page.inputValue('#site_name')).toBe('E2E Site');
    await context.close();
  });

  it('sends a test mail that arrives with the right subject', async () => {
    const { context, page } = await openConfig();
    // CI once saw no mail arrive, with nothing to say which step had gone wrong.
    await explainingFailure(page, async () => {
      await page.getByRole('tab', { name: 'Mail' }).click();
      await page.fill('#smtp_server', '127.0.0.1');
      await page.fill('#smtp_port', String(mailbox.port));
      await page.fill('#smtp_user', 'mailer');
      await page.fill('#smtp_pass', 'e2e-mail-pass');
      const verification = page.locator('.ant-select', { has: page.locator('#smtp_verification') });
      await verification.click();
      await page.locator('.ant-select-item-option', { hasText: 'TLS' }).click();
      await expect.poll(() => verification.innerText()).toBe('TLS');
      await page.fill('#smtp_sender_mail', 'noreply@example.com');
      await page.getByRole('button', { name: 'Test mail sending' }).click();
      await page.getByTestId('test-mail-receiver').fill('boss@example.com');
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => mailbox.received.length, { timeout: 15_000 }).toBe(1);
    });
    expect({ to: mailbox.received[0]?.to, subject: mailbox.received[0]?.subject }).toEqual({
      to: ['boss@example.com'],
      subject: expect.stringMatching(/^This is a test email-/),
    });
    await context.close();
  });
});

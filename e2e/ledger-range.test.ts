/**
 * The balance-change form refuses an amount, or a resulting balance, outside what the
 * server stores (32-bit cents) before sending, in the server's words; the member's balance
 * stays as it was.
 */
import { describe, expect, it } from 'vitest';
import { adminToken, api } from './support/api.js';
import { browserAvailable } from './support/browser.js';
import { openSignedIn } from './support/signed-in.js';
import { serverWithBrowser } from './support/suite.js';

describe.skipIf(!browserAvailable)('balance change range', () => {
  const suite = serverWithBrowser();

  it('refuses 999999999.99 and a balance past the top in the form, sending nothing', async () => {
    const token = await adminToken(suite.server);
    await api(
      suite.server,
      '/admin/user.User/add',
      { username: 'rich_member', nickname: 'rich', group_id: 1, password: 'member-pass-1' },
      token,
    );
    const balance = async () => {
      const found = await fetch(`${suite.server.baseUrl}/admin/user.User/index?quickSearch=rich_member`, {
        headers: { batoken: token, server: 'true' },
      }).then((r) => r.json() as Promise<{ data: { list: { id: number; money: string }[] } }>);
      const row = found.data.list[0];
      if (!row) throw new Error('member not found');
      return row;
    };
    const { id } = await balance();
    await api(
      suite.server,
      '/admin/user.MoneyLog/add',
      { user_id: id, money: '21474836.00', memo: 'start' },
      token,
    );

    const { page, context } = await openSignedIn(suite.browser, suite.server, {
      path: `/admin/user/moneyLog?user_id=${id}`,
    });
    await page.getByRole('button', { name: '添加' }).click();
    const dialog = page.getByRole('dialog');
    // The member's current balance is shown once the form has loaded it.
    await dialog.getByText('21474836.00').first().waitFor();
    await dialog.locator('textarea').fill('too much');

    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('user.MoneyLog/add'))
        posted.push(request.url());
    });
    const amount = dialog.getByTestId('ledger-amount');
    const error = dialog.locator('.ant-form-item-explain-error');
    await amount.fill('999999999.99');
    await page.getByTestId('form-save').click();
    await error.filter({ hasText: '变更数额必须在 -21474836.48 到 21474836.47 之间' }).waitFor();

    await amount.fill('0.48');
    await page.getByTestId('form-save').click();
    await error
      .filter({ hasText: '变更后的数值将为 21474836.48，超出允许范围 -21474836.48 到 21474836.47' })
      .waitFor();
    expect((await balance()).money).toBe('21474836.00');
    expect(posted).toEqual([]);

    // The largest change that fits goes through.
    await amount.fill('0.47');
    await page.getByTestId('form-save').click();
    await page.locator('.ant-table-row', { hasText: 'too much' }).waitFor();
    expect((await balance()).money).toBe('21474836.47');
    expect(posted).toHaveLength(1);
    await context.close();
  });
});

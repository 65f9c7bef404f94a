/**
 * The CRUD generator in Chromium, on a scratch copy of the project (its own `npm ci`, its own
 * `npm start`), driven as an administrator would: "products" is designed from the palette
 * (clicks and a drag; string, number, float price, switch, a select with its dictionary in the
 * comment, image, rich text, a remote select to members, city, weigh), generated, and followed
 * through the server's restart and the web build to its new menu and screen. Rows are added
 * and edited through its form, found by quick search, exported (the file read back) and
 * weigh-sorted by dragging; then a design change started from the table's record adds a
 * column, and the rows are still there. The start, the designer and the generated screen are
 * checked in both languages, at 390 px (nothing wider than the window) and by axe.
 *
 * Prints the time from clicking Generate to the new screen usable, and its parts.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { parseCsv } from '../apps/server/test/support/spreadsheets.js';
import { adminToken, api } from './support/api.js';
import { audit, settle } from './support/axe.js';
import { browserAvailable, launchBrowser, settledScreenshot, tallRows } from './support/browser.js';
import { copyProject } from './support/project-copy.js';
import { qrLikePng } from './support/qr-png.js';
import { type E2eServer, startServer } from './support/server.js';
import { openSignedIn } from './support/signed-in.js';

type Lang = 'en' | 'zh-cn';
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
/** A generation: the install, a server restart (bundled again) and a web build on two busy cores. */
const GENERATION = 6 * 60_000;

/** The fields of "products", as the palette item that adds each, its name and its comment. */
const PRODUCT_FIELDS: [item: string, name: string, comment: string][] = [
  ['String', 'title', 'Title'],
  ['Number', 'stock', 'Stock'],
  ['Float', 'price', 'Price'],
  ['Switch', 'on_sale', 'On sale:0=No,1=Yes'],
  ['Select', 'kind', 'Kind:a=Apple,b=Banana'],
  ['Image', 'photo', 'Photo'],
  ['Rich text', 'details', 'Details'],
  ['Remote select', 'member_id', 'Member'],
  ['City', 'city', 'City'],
  ['Weigh (drag to sort)', 'weigh', 'Weigh'],
];

/** The rows added through the generated form: title, stock, price, kind. */
const ROWS = [
  ['Red apple', '12', '3.5', 'Apple'],
  ['Yellow banana', '30', '1.25', 'Banana'],
  ['Green apple', '7', '4', 'Apple'],
] as const;

describe.skipIf(!browserAvailable)('the CRUD generator, on a copy of the project', () => {
  let project: string;
  let server: E2eServer;
  let browser: Browser;
  /** The administrator's page the generation is followed in (English, 1280 px). */
  let page: Page;

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    project = copyProject();
    server = await startServer({}, { root: project });
    const token = await adminToken(server);
    // The members the remote select offers.
    for (const [username, nickname] of [
      ['alice', 'Alice Liddell'],
      ['bob', 'Bob Builder'],
    ])
      await api(
        server,
        '/admin/user.User/add',
        { username, nickname, group_id: 1, password: 'Member-pass1', status: 'enable', gender: 0 },
        token,
      );
    browser = await launchBrowser();
    page = (await signIn('en', 1280)).page;
  }, 10 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (project) rmSync(dirname(project), { recursive: true, force: true });
  });

  /** What the page showed when a step failed: /tmp/crud-generator-<test>.png. */
  const screenshotOnFailure = (name: string, failing = () => page) =>
    onTestFailed(async () => {
      await failing().screenshot({ path: join(tmpdir(), `crud-generator-${name}.png`), fullPage: true });
    });
  const shoot = async (at: Page, name: string) => {
    if (SHOTS) await settledScreenshot(at, join(SHOTS, `crud-${name}.png`));
  };
  /** No horizontal scrolling: everything fits the window. */
  const fits = (at: Page) =>
    at.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  const expectNoAxeFindings = async (at: Page, label: string) => {
    await settle(at);
    expect(await audit(at, label)).toEqual([]);
  };

  async function signIn(lang: Lang, width: number): Promise<{ context: BrowserContext; page: Page }> {
    return openSignedIn(browser, server, { lang, width, height: 900, timeout: 30_000 });
  }
  const openGenerator = async (at: Page) => {
    await at.goto(`${server.baseUrl}/admin/crud/crud`);
    await at.getByTestId('crud-start').waitFor();
    await at.waitForSelector('#block-loading', { state: 'detached' });
  };
  const palette = (at: Page, item: string | RegExp) =>
    at.getByTestId('crud-palette').getByRole('button', { name: item, exact: true });
  const fieldNames = (at: Page) =>
    at
      .getByTestId('crud-field')
      .evaluateAll((items) =>
        items.map((item) => (item.querySelector('input') as HTMLInputElement | null)?.value ?? ''),
      );
  /** Names the field the palette just added (the last one, selected) in the canvas. */
  const nameLastField = async (at: Page, name: string, comment: string) => {
    const field = at.getByTestId('crud-field').last();
    await field.getByRole('textbox', { name: 'Field name' }).fill(name);
    await field.getByRole('textbox', { name: 'Field comment' }).fill(comment);
  };
  /** Picks `option` in the open select (antd renders its options apart, in the body). */
  const pick = async (at: Page, option: string) => {
    await at
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${option}$`) })
      .click();
  };
  const chooseIn = async (at: Page, scope: Locator, label: string, option: string) => {
    await scope.getByLabel(label, { exact: true }).click();
    await at.keyboard.type(option);
    await pick(at, option);
  };

  const productsUrl = () => `${server.baseUrl}/admin/products`;
  const titles = () => page.locator('.ant-table-row td:nth-child(3)').allInnerTexts();
  const openProducts = async (at: Page) => {
    await at.goto(productsUrl());
    await at.locator('.ba-list-page').waitFor();
    await at.waitForSelector('#block-loading', { state: 'detached' });
  };

  it('shows the start and the designer in both languages, at 390 px, with nothing axe objects to', async () => {
    for (const [lang, width, create, fieldName] of [
      ['en', 1280, 'Create', 'Field name'],
      ['zh-cn', 1280, '新建', '字段名'],
      ['en', 390, 'Create', 'Field name'],
      ['zh-cn', 390, '新建', '字段名'],
    ] as const) {
      const opened = width === 1280 && lang === 'en' ? { context: null, page } : await signIn(lang, width);
      const at = opened.page;
      screenshotOnFailure(`start-${lang}-${width}`, () => at);
      await openGenerator(at);
      await expect(at.getByTestId('crud-start').innerText()).resolves.toContain(create);
      expect(await fits(at)).toBe(true);
      await expectNoAxeFindings(at, `start ${lang} ${width}`);
      await shoot(at, `start-${width}-${lang}`);

      await at.getByTestId('crud-start').getByRole('button', { name: create }).click();
      await at.getByTestId('crud-designer').waitFor();
      // The designer works at this width: a field added by click, moved with the arrows.
      // antd spaces out a two-character Chinese button title ("主 键").
      await palette(at, lang === 'en' ? 'Primary key' : /^主\s*键$/).click();
      await palette(at, lang === 'en' ? 'String' : '字符串').click();
      expect(await fieldNames(at)).toEqual(['id', 'string']);
      await at.getByTestId('crud-field').last().getByRole('button').first().click();
      expect(await fieldNames(at)).toEqual(['string', 'id']);
      // The moved field stays selected: its properties are shown.
      await expect(
        at.getByTestId('crud-properties').getByRole('textbox', { name: fieldName, exact: true }).inputValue(),
      ).resolves.toBe('string');
      expect(await fits(at)).toBe(true);
      await expectNoAxeFindings(at, `designer ${lang} ${width}`);
      await shoot(at, `designer-${width}-${lang}`);
      await opened.context?.close();
    }
  }, 180_000);

  it(
    'designs "products", generates it, and follows the restart and the build to its new menu and screen',
    async () => {
      screenshotOnFailure('generate');
      await openGenerator(page);
      await page.getByTestId('crud-start').getByRole('button', { name: 'Create' }).click();
      await page.getByRole('textbox', { name: 'Table name' }).fill('products');
      await page.getByRole('textbox', { name: 'Table comment' }).fill('Products');

      // The title by click, then the primary key dragged onto it: it goes before the title.
      await palette(page, 'String').click();
      await nameLastField(page, 'title', 'Title');
      await palette(page, 'Primary key').dragTo(page.getByTestId('crud-field').first());
      expect(await fieldNames(page)).toEqual(['id', 'title']);
      for (const [item, name, comment] of PRODUCT_FIELDS.slice(1)) {
        await palette(page, item).click();
        await nameLastField(page, name, comment);
      }
      expect(await fieldNames(page)).toEqual(['id', ...PRODUCT_FIELDS.map(([, name]) => name)]);

      // The select's options follow its comment's dictionary: the column is enum('a','b').
      await page.getByTestId('crud-field').nth(5).click();
      const properties = page.getByTestId('crud-properties');
      await expect(
        properties.getByRole('textbox', { name: 'Field name', exact: true }).inputValue(),
      ).resolves.toBe('kind');
      await expect(
        properties.getByRole('textbox', { name: 'Field comment (CRUD dictionary)' }).inputValue(),
      ).resolves.toBe('Kind:a=Apple,b=Banana');

      // The remote select picks members: value id, label the nickname.
      await page
        .getByTestId('crud-field')
        .nth(8)
        .getByRole('button', { name: 'Remote select association' })
        .click();
      const association = page.getByRole('dialog', { name: 'Remote select association' });
      await chooseIn(page, association, 'Associated table', 'user');
      await expect.poll(() => association.locator('.ant-select').nth(1).innerText()).toBe('id');
      await chooseIn(page, association, 'Label field', 'nickname');
      await association.getByRole('button', { name: 'OK' }).click();
      await association.waitFor({ state: 'detached' });

      // Quick search by title as well as the id; the list ordered by weigh, as it is dragged.
      await page.getByText('Advanced settings').click();
      await chooseIn(page, page.getByTestId('crud-designer'), 'Quick-search fields', 'title');
      await page.keyboard.press('Escape');
      await chooseIn(page, page.getByTestId('crud-designer'), 'Default sort field', 'weigh');
      await expectNoAxeFindings(page, 'designer with products');
      await shoot(page, 'designer-products-1280-en');

      const clicked = Date.now();
      const generated = page.waitForResponse(/crud\.Crud\/generate$/, { timeout: 120_000 });
      // The web build runs in the terminal: its stream is opened with the command.
      const build = page.waitForRequest(/command=web-build/, { timeout: GENERATION });
      build.catch(() => {}); // awaited below; not an unhandled rejection if an earlier step fails
      await page.getByRole('button', { name: 'Generate CRUD code' }).click();
      const answer = await (await generated).json();
      expect(answer.code, answer.msg).toBe(1);
      expect(answer.data).toMatchObject({ restarting: true, needRebuild: true });
      const installed = Date.now();
      // The server restarts to load the module's routes; the page waits under a notice.
      const restarting = page.locator('#portico-request-loading', {
        hasText: 'The server is restarting, please wait…',
      });
      await restarting.waitFor({ timeout: 30_000 });
      await restarting.waitFor({ state: 'detached', timeout: GENERATION });
      const restarted = Date.now();
      // Then the terminal rebuilds the web app, and the new screen opens once it is built.
      await build;
      await page.waitForURL(productsUrl(), { timeout: GENERATION });
      const built = Date.now();
      await page.locator('.ba-list-page').waitFor();
      await page.waitForSelector('#block-loading', { state: 'detached' });
      await page.getByRole('button', { name: /(^|\s)Add$/ }).waitFor();
      const usable = Date.now();
      const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
      console.log(
        `[crud generate] click → usable ${seconds(clicked, usable)}: generate + install ${seconds(clicked, installed)}, ` +
          `restart ${seconds(installed, restarted)}, web build ${seconds(restarted, built)}, ` +
          `load + list ${seconds(built, usable)}`,
      );

      // Its menu, titled from the table comment, and its columns from the field comments.
      await expect(
        page.locator('.ant-menu').getByRole('menuitem', { name: 'Products' }).count(),
      ).resolves.toBe(1);
      const header = await page.locator('.ba-list-page .ant-table-thead th').allInnerTexts();
      expect(header.map((text) => text.trim()).filter(Boolean)).toEqual([
        'ID',
        'Title',
        'Stock',
        'Price',
        'On sale',
        'Kind',
        'Photo',
        'City',
        'Weigh',
        'Operate',
      ]);
    },
    GENERATION * 2,
  );

  it('adds and edits rows through the generated form', async () => {
    screenshotOnFailure('rows');
    await openProducts(page);
    for (const [index, [title, stock, price, kind]] of ROWS.entries()) {
      await page.getByRole('button', { name: /(^|\s)Add$/ }).click();
      const form = page.getByRole('dialog');
      await form.getByPlaceholder('Please input Title').fill(title);
      await form.getByPlaceholder('Please input Stock').fill(stock);
      await form.getByPlaceholder('Please input Price').fill(price);
      await form.getByLabel('Kind', { exact: true }).click();
      await pick(page, kind);
      // No editor module here: the rich text is the textarea fallback, and it is required.
      await form.getByPlaceholder('Please input Details').fill(`<p>${title}, fresh</p>`);
      await form.getByLabel('City', { exact: true }).click();
      for (const [level, place] of ['北京市', '北京市', '东城区'].entries())
        await page
          .locator('.ant-cascader-menu')
          .nth(level)
          .locator('.ant-cascader-menu-item', { hasText: place })
          .first()
          .click();
      if (index === 0) {
        // The remote select searches the members; the image is uploaded.
        await form.getByLabel('Member', { exact: true }).click();
        await page.keyboard.type('Alice');
        await pick(page, 'Alice Liddell');
        await form
          .locator('.ba-upload-image input[type=file]')
          .setInputFiles({ name: 'apple.png', mimeType: 'image/png', buffer: qrLikePng() });
        await form.locator('.ant-upload-list-item-done').waitFor();
      }
      if (index === 1) await form.getByRole('switch').click();
      await page.getByTestId('form-save').click();
      await form.waitFor({ state: 'detached' });
    }
    // Newest weigh first: each row took its id as its weigh.
    await expect.poll(titles).toEqual(['Green apple', 'Yellow banana', 'Red apple']);
    const red = page.locator('.ant-table-row', { hasText: 'Red apple' });
    await expect(red.locator('img').getAttribute('src')).resolves.toMatch(/\/storage\/.+\.png$/);
    // The city column names the picked areas (the stored ids are what the export writes).
    await expect.poll(() => red.innerText()).toContain('北京市 / 北京市 / 东城区');
    await expect(red.innerText()).resolves.not.toContain('110000');
    const banana = page.locator('.ant-table-row', { hasText: 'Yellow banana' });
    await expect(banana.getByRole('switch').getAttribute('aria-checked')).resolves.toBe('false');
    await expect(banana.locator('.ant-tag').innerText()).resolves.toBe('Banana');

    // Edited: the form opens with what was saved (the member by its nickname), the price changes.
    await red.locator('.anticon-edit').click();
    const form = page.getByRole('dialog');
    await expect(form.getByPlaceholder('Please input Title').inputValue()).resolves.toBe('Red apple');
    await expect
      .poll(() => form.locator('.ant-form-item', { hasText: 'Member' }).locator('.ant-select').innerText())
      .toBe('Alice Liddell');
    await form.getByPlaceholder('Please input Price').fill('3.75');
    await page.getByTestId('form-save').click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => red.locator('td').nth(4).innerText()).toBe('3.75');
    await shoot(page, 'products-1280-en');
  }, 180_000);

  it('quick-searches the rows and exports what the search finds', async () => {
    screenshotOnFailure('search-export');
    await openProducts(page);
    await page.locator('.ba-quick-search input').fill('apple');
    await expect.poll(titles).toEqual(['Green apple', 'Red apple']);

    await page.getByTestId('export-button').click();
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^products-.*\.csv$/);
    const table = parseCsv(readFileSync((await file.path()) ?? '', 'utf8').replace(/^\uFEFF/, ''));
    expect(table[0]).toEqual(['ID', 'Title', 'Stock', 'Price', 'On sale', 'Kind', 'Photo', 'City', 'Weigh']);
    expect(table.slice(1).map((row) => [row[1], row[2], row[3], row[4], row[5], row[7]])).toEqual([
      ['Green apple', '7', '4', 'Yes', 'Apple', '110000,110100,110101'],
      ['Red apple', '12', '3.75', 'Yes', 'Apple', '110000,110100,110101'],
    ]);
  }, 120_000);

  it('weigh-sorts the rows by dragging, and the order stays after a reload', async () => {
    screenshotOnFailure('weigh-sort');
    await openProducts(page);
    await expect.poll(titles).toEqual(['Green apple', 'Yellow banana', 'Red apple']);
    const rows = page.locator('.ant-table-row');
    const handle = rows.nth(2).locator('.ba-drag-handle');
    const from = await handle.boundingBox();
    const to = await rows.nth(0).boundingBox();
    if (!from || !to) throw new Error('nothing to drag');
    // In small steps, as the drag sensor expects (it starts after a few pixels).
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 15 });
    const sorted = page.waitForResponse(/\/sortable$/);
    await page.mouse.up();
    const answer = await (await sorted).json();
    expect(answer.code, answer.msg).toBe(1);
    // Red apple took Green apple's weigh (the two swap, as in the original).
    await expect.poll(titles).toEqual(['Red apple', 'Yellow banana', 'Green apple']);
    await page.reload();
    await page.locator('.ant-table-row').first().waitFor();
    await expect.poll(titles).toEqual(['Red apple', 'Yellow banana', 'Green apple']);
  }, 120_000);

  it(
    'adds a field by a design change started from the record, and the rows are kept',
    async () => {
      screenshotOnFailure('design-change');
      await openGenerator(page);
      await page.getByTestId('crud-start').getByRole('button', { name: 'Select a data table' }).click();
      const select = page.getByRole('dialog', { name: 'Select a data table' });
      await chooseIn(page, select, 'Data table', 'products');
      await select.getByRole('button', { name: 'Start with the historical record' }).click();
      await page.getByTestId('crud-designer').waitFor();
      expect(await fieldNames(page)).toEqual(['id', ...PRODUCT_FIELDS.map(([, name]) => name)]);
      await expect(page.getByRole('textbox', { name: 'Table name' }).inputValue()).resolves.toBe('products');

      await palette(page, 'String').click();
      await nameLastField(page, 'sku', 'SKU');
      await page.getByText('Table design change (1)').click();
      const changes = page.getByRole('dialog', { name: 'Changes this design makes to the table' });
      await expect(changes.getByRole('checkbox', { name: 'Add field sku' }).isChecked()).resolves.toBe(true);
      await changes.getByRole('button', { name: 'Close' }).click();
      await changes.waitFor({ state: 'detached' });

      const clicked = Date.now();
      await page.getByRole('button', { name: 'Generate CRUD code' }).click();
      // The table and its module exist: generating asks first.
      const confirm = page.locator('.ant-modal-confirm');
      await expect(confirm.innerText()).resolves.toContain('The data table already exists');
      await confirm.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(productsUrl(), { timeout: GENERATION });
      await page.locator('.ant-table-row').first().waitFor();
      console.log(`[crud design change] click → usable ${((Date.now() - clicked) / 1000).toFixed(1)} s`);

      const header = await page.locator('.ba-list-page .ant-table-thead th').allInnerTexts();
      expect(header.map((text) => text.trim())).toContain('SKU');
      await expect.poll(titles).toEqual(['Red apple', 'Yellow banana', 'Green apple']);
      await expect(
        page.locator('.ant-table-row', { hasText: 'Red apple' }).locator('td').nth(4).innerText(),
      ).resolves.toBe('3.75');

      // The new column takes values through the form.
      await page.locator('.ant-table-row', { hasText: 'Yellow banana' }).locator('.anticon-edit').click();
      const form = page.getByRole('dialog');
      await form.getByPlaceholder('Please input SKU').fill('YB-30');
      await page.getByTestId('form-save').click();
      await form.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.locator('.ant-table-row', { hasText: 'Yellow banana' }).innerText())
        .toContain('YB-30');
    },
    GENERATION * 2,
  );

  it('shows the generated screen in both languages and at 390 px, with nothing axe objects to', async () => {
    // The Add button's name follows its icon's; antd spaces out "添加" ("添 加").
    for (const [lang, width, add] of [
      ['en', 1280, /(^|\s)Add$/],
      ['zh-cn', 1280, /(^|\s)添\s*加$/],
      ['en', 390, /(^|\s)Add$/],
      ['zh-cn', 390, /(^|\s)添\s*加$/],
    ] as const) {
      const { context, page: at } = await signIn(lang, width);
      screenshotOnFailure(`screen-${lang}-${width}`, () => at);
      await openProducts(at);
      await at.locator('.ant-table-row').first().waitFor();
      expect(await at.locator('.ant-table-row').count()).toBe(3);
      expect(await fits(at)).toBe(true);
      // A row is at most a few lines high, whatever the width (the city took one per character).
      expect(await tallRows(at, 100)).toEqual([]);
      await expectNoAxeFindings(at, `products ${lang} ${width}`);
      await shoot(at, `products-${width}-${lang}`);

      await at.getByRole('button', { name: add }).click();
      const form = at.getByRole('dialog');
      await form.getByPlaceholder(/Title/).waitFor();
      expect(await fits(at)).toBe(true);
      await expectNoAxeFindings(at, `products form ${lang} ${width}`);
      await shoot(at, `products-form-${width}-${lang}`);
      await context.close();
    }
  }, 240_000);
});

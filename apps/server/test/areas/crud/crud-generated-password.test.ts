/**
 * A generated screen's password field, on a scratch project and every configured database:
 * the generated resource stores the password hashed (the project's one hash) on add, edit and
 * import; a blank one on edit keeps the stored hash; the list, the edit form and the export
 * never show it, hashed or typed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkPassword } from '../../../src/auth/passwords.js';
import { testDatabases } from '../../support/databases.js';
import { removeScratchDirs } from '../../support/module-project.js';
import { multipart } from '../../support/multipart.js';
import { call, type TestApp } from '../../support/test-app.js';
import { generateAndServe, generatorProject } from './generated-app.js';
import { everyTypeDesign, everyTypeRow } from './generator/every-type-design.js';

const UID = 'crud_secret';
const CONTROLLER = '/admin/crud.Secret';

/** The generated code's wire, answered from the scratch project's copy (generated-app.ts). */
const wire = vi.hoisted(() => ({ file: '' }));
vi.mock('@portico/shared/modules/crud_secret', () => import(/* @vite-ignore */ wire.file));

afterAll(removeScratchDirs);

for (const { dialect } of testDatabases()) {
  describe(`a generated password field [${dialect}]`, () => {
    const project = generatorProject();
    let first: TestApp | undefined;
    let served: TestApp | undefined;
    let token = '';
    const t = () => {
      if (!served) throw new Error('the generated module is not served');
      return served;
    };
    const get = (path: string, query: Record<string, string> = {}) =>
      call(t().app, 'GET', path, { token, query });
    const post = (path: string, body: unknown) => call(t().app, 'POST', path, { token, body });

    /** The stored column, read past the resource. */
    async function stored(id: number): Promise<string> {
      const { rows } = await sql<{ secret: string }>`select secret from ${sql.table(
        `${t().ctx.db.prefix}${UID}`,
      )} where id = ${id}`.execute(t().ctx.db.kysely);
      return String(rows[0]?.secret);
    }
    async function idOf(title: string): Promise<number> {
      const found = await get(`${CONTROLLER}/index`, { quickSearch: title });
      const row = (found.data.list as { id: number; title: string }[]).find((r) => r.title === title);
      if (!row) throw new Error(`row ${title} not listed`);
      return row.id;
    }
    const verifies = async (typed: string, hash: string) => (await checkPassword(typed, hash, '')).ok;

    beforeAll(async () => {
      ({ first, served, token } = await generateAndServe(dialect, project, everyTypeDesign(UID), UID, wire));
    });
    afterAll(async () => {
      await served?.close();
      await first?.close();
    });

    it("refuses, in the reader's language, a password column too short for the hash", async () => {
      const design = everyTypeDesign('crud_short');
      const secret = design.fields.find((field) => field.name === 'secret');
      if (secret) secret.length = 32;
      const refused = await call(t().app, 'POST', '/admin/crud.Crud/generate', {
        token,
        lang: 'zh-cn',
        body: design,
      });
      expect(refused.code).toBe(0);
      expect(refused.msg).toBe('密码字段 secret 存储的是哈希值：请将其设为至少 100 个字符的文本字段');
      const tables = await get('/admin/ajax/getTableList');
      expect(tables.data.list.map((row: { table: string }) => row.table)).not.toContain('crud_short');
    });

    it('stores a hash on add, keeps it on a blank edit and replaces it on a new one', async () => {
      const added = await post(`${CONTROLLER}/add`, { ...everyTypeRow('locked', 1, 3), secret: 'typed-one' });
      expect(added.code, added.msg).toBe(1);
      const id = await idOf('locked');
      const hash = await stored(id);
      expect(hash).not.toBe('typed-one');
      expect(await verifies('typed-one', hash)).toBe(true);

      const blank = await post(`${CONTROLLER}/edit`, { ...everyTypeRow('locked', 1, 4), id, secret: '' });
      expect(blank.code, blank.msg).toBe(1);
      expect(await stored(id)).toBe(hash);

      const changed = await post(`${CONTROLLER}/edit`, {
        ...everyTypeRow('locked', 1, 4),
        id,
        secret: 'typed-two',
      });
      expect(changed.code, changed.msg).toBe(1);
      const rehashed = await stored(id);
      expect(rehashed).not.toBe('typed-two');
      expect(await verifies('typed-two', rehashed)).toBe(true);
      expect(await verifies('typed-one', rehashed)).toBe(false);
    });

    it('never shows it in the list, the edit form or the export', async () => {
      const added = await post(`${CONTROLLER}/add`, {
        ...everyTypeRow('hidden', 1, 3),
        secret: 'typed-three',
      });
      expect(added.code, added.msg).toBe(1);
      const id = await idOf('hidden');
      const hash = await stored(id);

      const listed = await get(`${CONTROLLER}/index`, { limit: '100' });
      const form = await get(`${CONTROLLER}/edit`, { id: String(id) });
      expect(form.data.row).toMatchObject({ title: 'hidden' });
      const exported = await t().app.inject({
        method: 'GET',
        url: `${CONTROLLER}/export`,
        query: {
          format: 'csv',
          columns: JSON.stringify([
            { prop: 'title', title: 'Title' },
            { prop: 'secret', title: 'Secret' },
          ]),
        },
        headers: { batoken: token, 'think-lang': 'en', server: 'true' },
      });
      for (const [what, text] of [
        ['list', JSON.stringify(listed)],
        ['edit form', JSON.stringify(form)],
        ['export', exported.body],
      ]) {
        expect(text, what).not.toContain(hash);
        expect(text, what).not.toContain('typed-three');
        expect(text, what).not.toContain('$argon2');
      }
      expect(listed.data.list[0]).not.toHaveProperty('secret');
      expect(form.data.row).not.toHaveProperty('secret');
    });

    it('hashes an imported password, as the add form does', async () => {
      const file = 'title,secret\r\nimported one,typed-four\r\n';
      const { payload, headers } = multipart(
        { name: 'rows.csv', type: 'text/csv', bytes: Buffer.from(file) },
        { mapping: JSON.stringify(['title', 'secret']) },
      );
      const imported = await t()
        .app.inject({
          method: 'POST',
          url: `${CONTROLLER}/import`,
          payload,
          headers: { ...headers, batoken: token, server: 'true', 'think-lang': 'en' },
        })
        .then((response) => response.json());
      expect(imported.code, imported.msg).toBe(1);
      const hash = await stored(await idOf('imported one'));
      expect(hash).not.toBe('typed-four');
      expect(await verifies('typed-four', hash)).toBe(true);
    });
  });
}

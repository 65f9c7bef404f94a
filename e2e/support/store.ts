/**
 * A Portico instance as a module store, set up through its back-office API (the store screens
 * have their own browser test): packages uploaded and published as versions, and the market
 * view of a site opened in the browser.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Envelope } from '@portico/shared';
import type { Browser } from 'playwright-core';
import { api } from './api.js';
import type { E2eServer } from './server.js';
import { openSignedIn } from './signed-in.js';

export type Lang = 'en' | 'zh-cn';

/** GET of a back-office list with the administrator's token. */
export async function adminList<T>(server: E2eServer, token: string, path: string): Promise<T[]> {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { batoken: token, server: 'true' } });
  const envelope = (await response.json()) as Envelope<{ list: T[] }>;
  if (envelope.code !== 1) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data.list;
}

/** A module package zip uploaded as an administrator's attachment: answers its URL. */
const uploadZip = (server: E2eServer, token: string, zip: string): Promise<string> =>
  uploadAttachment(server, token, readFileSync(zip), basename(zip), 'application/zip');

/** Bytes uploaded as an administrator's attachment (a package, an image): answers its URL. */
export async function uploadAttachment(
  server: E2eServer,
  token: string,
  bytes: Buffer,
  name: string,
  type: string,
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${server.baseUrl}/admin/ajax/upload`, {
    method: 'POST',
    headers: { batoken: token, server: 'true', 'think-lang': 'en' },
    body: form,
  });
  const uploaded = (await response.json()) as Envelope<{ file: { url: string } }>;
  if (uploaded.code !== 1) throw new Error(`upload: ${uploaded.msg}`);
  return uploaded.data.file.url;
}

/** The store's row of a module by its uid. */
export async function storeModule(server: E2eServer, token: string, uid: string) {
  const rows = await adminList<{ id: number; uid: string } & Record<string, unknown>>(
    server,
    token,
    `/admin/store.Module/index?quickSearch=${uid}`,
  );
  const row = rows.find((m) => m.uid === uid);
  if (!row) throw new Error(`${uid} is not in the store`);
  return row;
}

/** A new version of a module the store lists, from a package zip, with its update log. */
export async function publishVersion(
  server: E2eServer,
  token: string,
  uid: string,
  zip: string,
  log: string,
) {
  const { id } = await storeModule(server, token, uid);
  const url = await uploadZip(server, token, zip);
  await api(server, '/admin/store.Version/add', { module_id: id, package: url, update_log: log }, token);
}

/** A member of the instance with `score` points to spend (given through the points log). */
export async function memberWithPoints(
  server: E2eServer,
  token: string,
  member: { username: string; password: string; nickname: string },
  score: number,
): Promise<number> {
  await api(server, '/admin/user.User/add', { ...member, group_id: 1 }, token);
  const [row] = await adminList<{ id: number }>(
    server,
    token,
    `/admin/user.User/index?quickSearch=${member.username}`,
  );
  if (!row) throw new Error(`${member.username} was not created`);
  if (score)
    await api(
      server,
      '/admin/user.ScoreLog/add',
      { user_id: row.id, score, memo: 'For the market test' },
      token,
    );
  return row.id;
}

/** The module page's market view, signed in as the super administrator, in `lang`. */
export async function openMarketOn(browser: Browser, server: E2eServer, lang: Lang, width: number) {
  const { context, page } = await openSignedIn(browser, server, {
    lang,
    width,
    height: 900,
    path: '/admin/moduleStore',
  });
  await page.getByTestId('market-view').waitFor();
  return { context, page };
}

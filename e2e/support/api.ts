/** Setting the scene through the API, so a browser test spends its time on what it proves. */
import type { Envelope } from '@portico/shared';
import type { E2eServer } from './server.js';

export async function api<T = Record<string, unknown>>(
  server: E2eServer,
  path: string,
  body: object,
  token = '',
): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'think-lang': 'en', server: 'true', batoken: token },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 1) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}

/** The super administrator's token. */
export async function adminToken(server: E2eServer): Promise<string> {
  const login = await api<{ userInfo: { token: string } }>(server, '/admin/index/login', {
    username: 'admin',
    password: server.adminPassword,
  });
  return login.userInfo.token;
}

/**
 * An administrator `username` (password `password`) in a new group "Guarded" that requires the
 * second factor, with the dashboard as its one menu (rule 1): a sign-in that stops at that step.
 */
export async function addGuardedAdmin(
  server: E2eServer,
  token: string,
  account: { username: string; nickname: string; password: string },
): Promise<void> {
  await api(
    server,
    '/admin/auth.Group/add',
    { pid: 1, name: 'Guarded', rules: [1], status: '1', two_factor: '1' },
    token,
  );
  const groups = await fetch(`${server.baseUrl}/admin/auth.Group/index?quickSearch=Guarded`, {
    headers: { batoken: token, server: 'true', 'think-lang': 'en' },
  }).then((r) => r.json() as Promise<{ data: { list: { id: number; name: string }[] } }>);
  const guarded = groups.data.list.find((g) => g.name === 'Guarded');
  if (!guarded) throw new Error('the group Guarded was not added');
  await api(server, '/admin/auth.Admin/add', { ...account, group_arr: [guarded.id], status: '1' }, token);
}

/** Setting the scene through the API, so a browser test spends its time on what it proves. */
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
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
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

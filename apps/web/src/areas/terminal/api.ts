/**
 * The terminal settings' call: the package manager the server's tasks use. Only the panel saves
 * it; the stream ticket stays with the core's queue (api/backend/terminal.ts).
 */
import { type PackageManagerSetting, TERMINAL_CONFIG_URL } from '@portico/shared';
import { createAxios } from '@portico/web-sdk/request';

export function changeTerminalConfig(data: { manager: PackageManagerSetting } | { port: string }) {
  return createAxios(
    { url: TERMINAL_CONFIG_URL, method: 'post', data },
    { loading: true, showSuccessMessage: true },
  );
}

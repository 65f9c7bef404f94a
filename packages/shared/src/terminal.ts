/**
 * The web terminal's wire contract, shared by the server that runs whitelisted commands and
 * the client queue that asks for them (as the original's; docs/architecture.md, "Wire contract").
 */

/** A task's status in the client queue (the original's statuses). */
export const TerminalTaskStatus = {
  waiting: 0,
  connecting: 1,
  executing: 2,
  success: 3,
  failed: 4,
  unknown: 5,
} as const;
export type TerminalTaskStatus = (typeof TerminalTaskStatus)[keyof typeof TerminalTaskStatus];

/** Flags the event stream sends as a message's `data`, between the output lines. */
export const TerminalFlag = {
  linkSuccess: 'command-link-success',
  execSuccess: 'command-exec-success',
  execError: 'command-exec-error',
  execCompleted: 'command-exec-completed',
} as const;
export type TerminalFlag = (typeof TerminalFlag)[keyof typeof TerminalFlag];

/** One message of the stream: an SSE `data:` line holding this JSON. */
export interface TerminalMessage {
  /** An output line, the echoed command line, `exitCode: N`, an error line, or a flag. */
  data: string;
  uuid: string;
  extend: string;
  /** The command key the stream runs. */
  key: string;
}

/** Package managers the terminal can run installs and builds with. */
export const PACKAGE_MANAGERS = ['npm', 'cnpm', 'pnpm', 'yarn', 'ni'] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];
/** The package-manager setting: a manager, or 'none' (the administrator runs installs by hand). */
export const PACKAGE_MANAGER_SETTINGS = [...PACKAGE_MANAGERS, 'none'] as const;
export type PackageManagerSetting = (typeof PACKAGE_MANAGER_SETTINGS)[number];

/** npm registries `set-npm-registry.<name>` can write into the project's own npm configuration. */
export const NPM_REGISTRIES = {
  npm: 'https://registry.npmjs.org/',
  taobao: 'https://registry.npmmirror.com/',
  tencent: 'https://mirrors.cloud.tencent.com/npm/',
} as const;
export type NpmRegistryName = keyof typeof NPM_REGISTRIES;

/** A command key as the client sends it: `group` or `group.sub`, lower case, digits and `-`. */
export const TERMINAL_COMMAND_PATTERN = /^[a-z][a-z0-9-]{0,30}(?:\.[a-z0-9-]{1,30})?$/;

/** Where the Portico client asks for a stream ticket (POST) and opens the stream (GET). */
export const TERMINAL_TICKET_URL = '/admin/Terminal/ticket';
export const TERMINAL_STREAM_URL = '/admin/Terminal/index';
/** The original client's stream path, answered too. */
export const TERMINAL_LEGACY_STREAM_URL = '/admin/ajax/terminal';
export const TERMINAL_CONFIG_URL = '/admin/ajax/changeTerminalConfig';

/** What `/admin/index/index` tells the client about the terminal (`data.terminal`). */
export interface TerminalSettings {
  /** Always false: kept for the original client, whose panel warns when it is false. */
  phpDevelopmentServer: boolean;
  npmPackageManager: PackageManagerSetting;
  /** The registry the project's npm configuration names, or 'unknown'. */
  npmRegistry: NpmRegistryName | 'unknown';
  port: string;
}

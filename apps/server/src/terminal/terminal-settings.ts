/** What the back-office is told about the terminal at start (`/admin/index/index` → `terminal`). */
import {
  NPM_REGISTRIES,
  type NpmRegistryName,
  PACKAGE_MANAGER_SETTINGS,
  type PackageManagerSetting,
  type TerminalSettings,
} from '@portico/shared';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { TERMINAL_DEFAULT_MANAGER } from '../db/seed/config-rows.js';
import { projectRegistry } from './npm-registry.js';

const DEFAULT_TERMINAL_PORT = '8000';

function isManagerSetting(value: unknown): value is PackageManagerSetting {
  return (PACKAGE_MANAGER_SETTINGS as readonly unknown[]).includes(value);
}

/** TerminalSettings as a route answer's schema. */
export const terminalSettingsSchema = z.object({
  phpDevelopmentServer: z.boolean().describe('Always false: kept for the original client.'),
  npmPackageManager: z
    .enum(PACKAGE_MANAGER_SETTINGS)
    .describe("The terminal's package manager; none: no installs."),
  npmRegistry: z
    .enum([...(Object.keys(NPM_REGISTRIES) as NpmRegistryName[]), 'unknown'])
    .describe("The registry the project's npm configuration names."),
  port: z.string().describe('The terminal port setting.'),
}) satisfies z.ZodType<TerminalSettings>;

export async function terminalSettings(ctx: AppContext): Promise<TerminalSettings> {
  const manager = await ctx.settings.get('terminal_package_manager');
  return {
    // Portico serves from one Node process, never from PHP's single-threaded development server.
    phpDevelopmentServer: false,
    npmPackageManager: isManagerSetting(manager) ? manager : TERMINAL_DEFAULT_MANAGER,
    npmRegistry: projectRegistry(ctx.config),
    port: (await ctx.settings.get('terminal_port')) || DEFAULT_TERMINAL_PORT,
  };
}

/** Types of module-registry.mjs, for the tests that import it. */
export const SERVER_MODULES_DIR: string;
export function discoverServerModules(dir?: string): string[];
export function serverModuleRegistry(uids: readonly string[]): string;
export function writeServerModuleRegistry(dir?: string): boolean;

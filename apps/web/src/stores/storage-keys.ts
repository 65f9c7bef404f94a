/**
 * The browser storage keys that code outside a store reads or clears too: the scripts that run
 * before the app (index.html's first script, the build's sign-in preload and drawn page) and
 * "clear cache". The original's names (docs/architecture.md, "Wire contract").
 * This file imports nothing: the build's plugins read it in Node.
 */

/** The layout and language settings (stores/config.ts). */
export const CONFIG_STORAGE_KEY = 'storeConfig_v2';
/** The signed-in administrator (stores/admin-info.ts). */
export const ADMIN_INFO_STORAGE_KEY = 'adminInfo';

/** Types of build-web.mjs for the TypeScript scripts that build before they measure. */
export function webBuildIsStale(): boolean;
export function buildWeb(): Promise<number>;
export function ensureWebBuilt(): Promise<number | null>;

/**
 * The areas' and modules' language packs of one language in one chunk (vite.config.ts). The
 * registry loads them all at once (src/module-contract/registry.ts, moduleLangPacks), and a cold
 * member sign-in loads them before it draws: left to the bundler they came in a file each, nine
 * more requests over HTTP/1.1, six at a time, behind the page's others.
 */
import type { Rolldown } from 'vite';

/** `areas/<name>/lang/<lang>.ts` or `modules/<name>/lang/<lang>/…`: the language it is in. */
const MODULE_PACK = /[\\/](?:areas|modules)[\\/][^\\/]+[\\/]lang[\\/](zh-cn|en)(?:\.ts$|[\\/])/;

export const modulePackGroup: Rolldown.CodeSplittingGroup = {
  name: (id) => {
    const lang = MODULE_PACK.exec(id)?.[1];
    return lang ? `lang-${lang}` : null;
  },
  debugName: 'module packs',
};

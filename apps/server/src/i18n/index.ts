/**
 * Server messages are English source keys (as in the original product); zh-cn is the
 * default language. `%s` / `%d` placeholders are filled in order.
 */
import { en } from './en.js';
import { zhCn } from './zh-cn.js';

export type Lang = 'zh-cn' | 'en';
const DEFAULT_LANG: Lang = 'zh-cn';

/** Modules' language packs (see module-contract); the core's own texts take precedence. */
const modulePacks: Record<Lang, Map<string, string>> = { 'zh-cn': new Map(), en: new Map() };

export function addLanguagePack(lang: Lang, pack: Record<string, string>): void {
  for (const [key, text] of Object.entries(pack)) modulePacks[lang].set(key, text);
  keysByChinese = undefined;
}

/** Chinese text → its English key, built when first needed (and again after a module's pack). */
let keysByChinese: Map<string, string> | undefined;

/**
 * The key of a text stored as written, in either language (an admin-log title, a refusal's
 * reason): the text itself when it is a key, the key it translates when it is Chinese.
 */
export function keyOf(text: string): string | undefined {
  if (Object.hasOwn(zhCn, text) || Object.hasOwn(en, text) || modulePacks['zh-cn'].has(text)) return text;
  keysByChinese ??= new Map(
    [...modulePacks['zh-cn'], ...Object.entries(zhCn)].map(([key, chinese]) => [chinese, key]),
  );
  return keysByChinese.get(text);
}

/**
 * A stored text in `lang` when the packs know it, as a key or as the Chinese of one (the
 * original's stored labels are language keys); undefined for anything else, which is shown
 * as stored (a label someone typed).
 */
export function knownTextIn(stored: string, lang: Lang): string | undefined {
  const key = keyOf(stored);
  return key === undefined ? undefined : translate(key, lang);
}

export function translate(key: string, lang: Lang, params: readonly (string | number)[] = []): string {
  const template = (lang === 'zh-cn' ? zhCn[key] : en[key]) ?? modulePacks[lang].get(key) ?? key;
  let i = 0;
  return template.replace(/%[sd]/g, () => String(params[i++] ?? ''));
}

/** Picks the language: `lang` query, then `think-lang`, then Accept-Language; zh-cn otherwise. */
export function detectLang(query: unknown, header: string | undefined, acceptLanguage?: string): Lang {
  const fromQuery =
    query && typeof query === 'object' && 'lang' in query ? (query as { lang: unknown }).lang : undefined;
  for (const candidate of [fromQuery, header]) {
    const lang = normalise(candidate);
    if (lang) return lang;
  }
  if (acceptLanguage) {
    const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
    if (first.startsWith('en')) return 'en';
  }
  return DEFAULT_LANG;
}

function normalise(value: unknown): Lang | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'en' || v.startsWith('en-')) return 'en';
  if (v === 'zh-cn' || v === 'zh' || v.startsWith('zh-hans')) return 'zh-cn';
  return undefined;
}

/**
 * i18next with only the active language loaded (switching reloads the page, as the
 * original does). Keys are natural-English sentences, which may hold '.' or ':', so
 * lookups are flat: each namespace file's keys are prefixed with its name, e.g.
 * t('axios.Operation successful'); the `globs` namespace has no prefix. Modules' packs are
 * merged in with the areas and public pages that use them; the core's own texts win a clash.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Pack } from './pack';

/** The languages the web speaks. */
export type Lang = 'zh-cn' | 'en';

export const i18n = i18next.createInstance();

const PACKS: Record<Lang, () => Promise<{ default: Pack }>> = {
  'zh-cn': () => import('./zh-cn/index'),
  en: () => import('./en/index'),
};

/**
 * The texts of an area, loaded with it: kept off the administrators' sign-in page, whose
 * first load has a size budget.
 */
const AREA_PACKS: Record<'backend' | 'frontend', Record<Lang, () => Promise<{ default: Pack }>>> = {
  backend: { 'zh-cn': () => import('./zh-cn/backend'), en: () => import('./en/backend') },
  frontend: { 'zh-cn': () => import('./zh-cn/frontend'), en: () => import('./en/frontend') },
};

export async function initI18n(lang: Lang): Promise<void> {
  const translation = flatten((await PACKS[lang]()).default);
  await i18n.use(initReactI18next).init({
    lng: lang,
    // Our codes are lower-case ('zh-cn'); i18next would otherwise look for 'zh-CN'.
    lowerCaseLng: true,
    fallbackLng: false,
    resources: { [lang]: { translation } },
    nsSeparator: false,
    keySeparator: false,
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
  });
  languageChosen(lang);
}

/**
 * Settled by initI18n. The router is made when the app's modules load, before main.tsx has
 * initialised i18next, and a cold deep link into the back-office asks for its texts at once.
 */
let languageChosen: (lang: Lang) => void = () => {};
const chosenLanguage = new Promise<Lang>((resolve) => {
  languageChosen = resolve;
});
const areaTexts: Partial<Record<keyof typeof AREA_PACKS, Promise<void>>> = {};

/**
 * Adds an area's texts in the active language, once (switching languages reloads the page);
 * the route that loads the area awaits it. Core and module texts win a clash.
 */
function loadAreaTexts(area: keyof typeof AREA_PACKS): Promise<void> {
  const loaded = areaTexts[area];
  if (loaded) return loaded;
  const loading = chosenLanguage
    .then((lang) => AREA_PACKS[area][lang]().then((pack) => ({ lang, pack })))
    .then(({ lang, pack }) => {
      i18n.addResourceBundle(lang, 'translation', flatten(pack.default), true, false);
    });
  areaTexts[area] = loading;
  // A failed load (the network) is tried again by the next navigation.
  loading.catch(() => {
    delete areaTexts[area];
  });
  return loading;
}

/** Every installed module's language pack for a language. */
export type ModulePacks = (lang: Lang) => Promise<Pack[]>;

/**
 * The modules' packs, handed in at start (router/module-wiring.ts): the language layer sits
 * below the modules (docs/architecture.md, "Layers") and does not look them up itself. None
 * until then.
 */
let modulePacks: ModulePacks = async () => [];

export function provideModulePacks(load: ModulePacks): void {
  modulePacks = load;
}

let moduleTexts: Promise<void> | undefined;

/**
 * Every installed module's texts in the active language, once. The registry of modules loads
 * with them, not before (router/module-wiring.ts): the administrators' sign-in page needs no
 * module code.
 */
export function loadModuleTexts(): Promise<void> {
  if (moduleTexts) return moduleTexts;
  const loading = chosenLanguage.then(async (lang) => {
    for (const pack of await modulePacks(lang))
      i18n.addResourceBundle(lang, 'translation', flatten(pack), true, false);
  });
  moduleTexts = loading;
  // A failed load (the network) is tried again by the next navigation.
  loading.catch(() => {
    moduleTexts = undefined;
  });
  return loading;
}

/** The back-office's texts, its modules' included (the back-office routes and the sign-in's second step await them). */
export const loadBackendTexts = () =>
  Promise.all([loadAreaTexts('backend'), loadModuleTexts()]).then(() => {});
/** The member centre's texts, its modules' included (its routes await them). */
export const loadFrontendTexts = () =>
  Promise.all([loadAreaTexts('frontend'), loadModuleTexts()]).then(() => {});

/**
 * Every back-office text of a language, whichever is active: the core's, the back-office's and
 * the modules' (the core's win a clash, as in initI18n). The import dialog recognises a file's
 * header written in either language. A key the language lacks reads as itself.
 */
export async function backendTextsIn(lang: Lang): Promise<(key: string) => string> {
  const [core, backend, modules] = await Promise.all([
    PACKS[lang](),
    AREA_PACKS.backend[lang](),
    // The registry loads on demand, as in loadModuleTexts: the sign-in page needs no module code.
    modulePacks(lang),
  ]);
  const texts: Record<string, string> = Object.assign(
    {},
    ...modules.map(flatten),
    flatten(core.default),
    flatten(backend.default),
  );
  return (key) => texts[key] ?? key;
}

/** Translates outside components (request layer, stores). */
export function t(key: string, params?: Record<string, unknown>): string {
  return i18n.t(key, params ?? {}) as string;
}

export function flatten(pack: Pack): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [namespace, entries] of Object.entries(pack)) {
    const prefix = namespace === 'globs' ? '' : `${namespace}.`;
    for (const [key, text] of Object.entries(entries)) flat[prefix + key] = text;
  }
  return flat;
}

/**
 * Admin-log titles in the reader's language. An entry keeps its title as it was written: the
 * English key an action names itself by ('Login', 'Install module'), 'Login failed: <reason>'
 * in the language of the attempt, or '<page>-<button>' from the menu rules (their seeded
 * Chinese). The log is read by administrators of either language, so each is shown in the
 * reader's; a title typed by someone (a rule renamed by hand) is shown as stored.
 */
import { knownTextIn, type Lang, translate } from './index.js';
import { ADMIN_RULE_TITLES } from './seeded-titles.js';

const FAILED_SIGN_IN = 'Login failed: %s';

/** The stored title of an admin-log entry, as `lang` reads it. */
function logTitleIn(stored: string, lang: Lang): string {
  const known = knownTextIn(stored, lang);
  if (known !== undefined) return known;
  const reason = failedSignInReason(stored);
  if (reason !== undefined) {
    return translate(FAILED_SIGN_IN, lang, [knownTextIn(reason, lang) ?? reason]);
  }
  return lang === 'en' ? (ruleTitleInEnglish(stored) ?? stored) : stored;
}

/** Rows with their `title` shown in the reader's language. */
export function localiseLogTitles<Row extends { title?: unknown }>(rows: Row[], lang: Lang): Row[] {
  return rows.map((row) =>
    typeof row.title === 'string' ? { ...row, title: logTitleIn(row.title, lang) } : row,
  );
}

/** The reason of a refused sign-in's title, written in either language. */
function failedSignInReason(stored: string): string | undefined {
  for (const lang of ['en', 'zh-cn'] as const) {
    // The template with an empty reason: what comes before the reason.
    const prefix = translate(FAILED_SIGN_IN, lang);
    if (stored.startsWith(prefix)) return stored.slice(prefix.length);
  }
  return undefined;
}

/** '<page>-<button>' (or one of them) of seeded rule titles, in English; titles may hold '-'. */
function ruleTitleInEnglish(stored: string): string | undefined {
  const whole = ADMIN_RULE_TITLES.englishOf(stored);
  if (whole !== undefined) return whole;
  for (let dash = stored.indexOf('-'); dash > 0; dash = stored.indexOf('-', dash + 1)) {
    const page = ADMIN_RULE_TITLES.englishOf(stored.slice(0, dash));
    const button = ADMIN_RULE_TITLES.englishOf(stored.slice(dash + 1));
    if (page !== undefined && button !== undefined) return `${page}-${button}`;
  }
  return undefined;
}

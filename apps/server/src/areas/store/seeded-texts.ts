/**
 * The texts the store seeds — Portico's own modules, published when the store area is first
 * enabled (first-party.ts) — in both languages, shown in the reader's. They are stored as the
 * packages' module.json writes them, in English, so i18n/seeded-titles.ts (which expects the
 * stored label to be the Chinese one) does not fit: a stored text still exactly as seeded, in
 * either language, is shown in the reader's language; a text an administrator edited is shown
 * as written, in every language.
 */
import type { Lang } from '@portico/server-sdk';

type Both = readonly [en: string, zh: string];
type SeededField = 'title' | 'tags' | 'description';

/** What a first-party module's store entry is seeded with; the English is its module.json's. */
const FIRST_PARTY_TEXTS: Record<string, Record<SeededField, Both>> = {
  editor: {
    title: ['Rich-text editor', '富文本编辑器'],
    tags: ['Editor', '编辑器'],
    description: [
      'Turns every editor field (article bodies, editor config items) into a rich-text editor: headings, bold, italic, lists, links, images from the attachment library and an HTML source view.',
      '把每个编辑器字段（文章正文、编辑器类配置项）变成富文本编辑器：标题、粗体、斜体、列表、链接、附件库中的图片，以及 HTML 源码视图。',
    ],
  },
  checkin: {
    title: ['Daily check-in', '每日签到'],
    tags: ['Member', '会员'],
    description: [
      'Members check in once a day in the member centre and receive points through the points log; a streak and a calendar of their check-ins; an admin screen with the check-ins and the reward setting.',
      '会员每天在会员中心签到一次，通过积分日志获得积分；显示连续签到天数和签到日历；后台提供签到记录和奖励设置页面。',
    ],
  },
};

/** The update log of every first-party version the store publishes. */
export const FIRST_PARTY_UPDATE_LOG: Both = ['Shipped with Portico.', '随 Portico 一同发布。'];

function inLanguage(seeded: Both | undefined, stored: string, lang: Lang): string {
  if (!seeded?.includes(stored)) return stored;
  return lang === 'en' ? seeded[0] : seeded[1];
}

/** A module row with its seeded title, tags and description in the reader's language. */
export function showSeeded<
  Row extends { uid: string; title: string; tags: string; description?: string | null },
>(row: Row, lang: Lang): Row {
  const seeded = FIRST_PARTY_TEXTS[row.uid];
  if (!seeded) return row;
  return {
    ...row,
    title: inLanguage(seeded.title, row.title, lang),
    tags: inLanguage(seeded.tags, row.tags, lang),
    ...(typeof row.description === 'string'
      ? { description: inLanguage(seeded.description, row.description, lang) }
      : {}),
  };
}

/** A version's update log in the reader's language when it is the first-party one. */
export const showUpdateLog = (stored: string, lang: Lang) => inLanguage(FIRST_PARTY_UPDATE_LOG, stored, lang);

export interface SeededMatch {
  uid: string;
  field: 'title' | 'tags';
  /** The seeded text in both languages: the stored one must still be one of them. */
  texts: Both;
}

/**
 * Seeded titles and tags that contain `keyword` (ignoring case) in either language: a reader
 * searches the words they see, which may not be the stored ones.
 */
export function seededMatches(keyword: string): SeededMatch[] {
  const needle = keyword.toLowerCase();
  return Object.entries(FIRST_PARTY_TEXTS).flatMap(([uid, texts]) =>
    (['title', 'tags'] as const)
      .filter((field) => texts[field].some((text) => text.toLowerCase().includes(needle)))
      .map((field) => ({ uid, field, texts: texts[field] })),
  );
}

/**
 * The content area's server texts in Chinese (English keys, as everywhere on the server): its
 * route's summary, which the API reference shows a Chinese reader.
 */
export const CONTENT_LANG_ZH: Record<string, string> = {
  'Read a published article or page': '读取已发布的文章或页面',
};

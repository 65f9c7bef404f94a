/** English: articles and pages (back-office management and public pages). */
import type { Pack } from '@portico/web-sdk/module';

const content = {
  Kind: 'Kind',
  article: 'Article',
  page: 'Page',
  Title: 'Title',
  Body: 'Body',
  Published: 'Published',
  Draft: 'Draft',
  Weight: 'Weight',
  'Published on {time}': 'Published on {time}',
  'Open public page': 'Open public page',
};

export default { 'content.content': content } satisfies Pack;

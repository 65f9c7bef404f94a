/** English: the rich-text editor's toolbar. */
import type { Pack } from '@portico/web-sdk/module';

const editor = {
  'Heading 2': 'Heading 2',
  'Heading 3': 'Heading 3',
  Bold: 'Bold',
  Italic: 'Italic',
  'Bullet list': 'Bullet list',
  'Numbered list': 'Numbered list',
  Link: 'Link',
  'Link address': 'Link address',
  'Remove link': 'Remove link',
  Image: 'Image from the attachment library',
  'Source code': 'HTML source',
};

export default { editor } satisfies Pack;

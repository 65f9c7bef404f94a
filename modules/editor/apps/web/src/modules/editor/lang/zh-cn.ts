/** 简体中文：富文本编辑器的工具栏。 */
import type { Pack } from '@portico/web-sdk/module';

const editor = {
  'Heading 2': '二级标题',
  'Heading 3': '三级标题',
  Bold: '加粗',
  Italic: '斜体',
  'Bullet list': '无序列表',
  'Numbered list': '有序列表',
  Link: '链接',
  'Link address': '链接地址',
  'Remove link': '移除链接',
  Image: '从附件库插入图片',
  'Source code': 'HTML 源码',
};

export default { editor } satisfies Pack;

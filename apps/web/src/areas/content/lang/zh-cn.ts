/** 简体中文：文章与单页（后台管理与公开页面）。 */
import type { Pack } from '@portico/web-sdk/module';

const content = {
  Kind: '类型',
  article: '文章',
  page: '单页',
  Title: '标题',
  Body: '正文',
  Published: '已发布',
  Draft: '草稿',
  Weight: '权重',
  'Published on {time}': '发布于 {time}',
  'Open public page': '查看公开页面',
};

export default { 'content.content': content } satisfies Pack;

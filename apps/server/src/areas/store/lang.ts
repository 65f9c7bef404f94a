/**
 * The store's server texts in Chinese: its messages (messages.ts, declared with their Chinese)
 * and its routes' summaries, which the API reference shows a Chinese reader.
 */
import { STORE_MESSAGES_ZH } from './messages.js';

const ROUTE_SUMMARIES_ZH: Record<string, string> = {
  "Download a module's package zip (its SHA-256 in the x-package-sha256 header)":
    '下载模块的 zip 包（其 SHA-256 在 x-package-sha256 响应头中）',
  "One enabled module's page: versions, demos, the developer's other modules and the member's purchase":
    '一个已启用模块的页面：版本、演示、开发者的其他模块和会员的购买情况',
  "One page of the member's orders, newest first": '会员的订单（一页，最新的在前）',
  'Order a paid module, or answer the order that already covers it or waits for payment':
    '订购付费模块，或返回已包含它或待支付的订单',
  "Pay an order from the member's points or balance": '用会员的积分或余额支付订单',
  "Publish a module's new version from an uploaded package": '用上传的包发布模块的新版本',
  "The market's category tabs and one page of its enabled modules": '市场的分类标签和一页已启用的模块',
  "The original client's market: the category tabs and every enabled module":
    '原版客户端的模块市场：分类标签和所有已启用的模块',
  "The original client's market: one module's page, with the member's order to install with":
    '原版客户端的模块市场：一个模块的页面，以及会员用于安装的订单',
  "The original client's market: order a module (a free one answers as already bought)":
    '原版客户端的模块市场：订购模块（免费模块直接视为已购买）',
  "The original client's market: the market member's account (points, balance, token)":
    '原版客户端的模块市场：市场会员的账户（积分、余额、令牌）',
  "The original client's market: pay an order with points or balance":
    '原版客户端的模块市场：用积分或余额支付订单',
  "The original's server before installing from this store: may the member download the module":
    '原版服务端从本商店安装前的检查：会员能否下载该模块',
  "The original's server installing from this store: the module's package zip":
    '原版服务端从本商店安装：模块的 zip 包',
  'Whether the member may download a version of a module, with its size and SHA-256':
    '会员能否下载模块的某个版本，以及其大小和 SHA-256',
};

export const STORE_LANG_ZH: Record<string, string> = { ...STORE_MESSAGES_ZH, ...ROUTE_SUMMARIES_ZH };

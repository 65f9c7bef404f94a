/**
 * The store's messages (English keys, as everywhere on the server) and their Chinese texts,
 * declared once: the language pack (lang.ts) is built from this table, so no key can lack its
 * zh-cn.
 */
const TEXTS = {
  moduleNotFound: ['The module was not found in the store', '商店中没有找到该模块'],
  categoryNotFound: ['The selected category does not exist', '所选分类不存在'],
  uidTaken: ['A module with the uid %s already exists', '标识为 %s 的模块已存在'],
  uidLocked: ['The uid cannot change once a version has been published', '发布版本后，模块标识不能再修改'],
  priceRequired: [
    'A module sold for points or balance needs a price above 0',
    '以积分或余额出售的模块，价格必须大于 0',
  ],
  priceInvalid: ['The price %s is not valid', '价格 %s 无效'],
  priceTooHigh: ['The price must be at most %s', '价格不能超过 %s'],
  moduleHasOrders: [
    'A module that has orders cannot be deleted: switch its status off instead',
    '已有订单的模块不能删除，请改为关闭其状态',
  ],
  packageRequired: ['Please upload the module package (a zip file)', '请上传模块安装包（zip 文件）'],
  packageUid: ['The package is the module %s, not %s', '该安装包属于模块 %s，而不是 %s'],
  packageVersion: ['The package holds version %s, not %s', '该安装包的版本是 %s，而不是 %s'],
  versionNotNewer: ['Version %s must be newer than the latest version %s', '版本 %s 必须高于最新版本 %s'],
  versionExists: ['Version %s has already been published', '版本 %s 已发布'],
  versionNotFound: ['Version %s of this module was not found', '没有找到该模块的版本 %s'],
  noVersion: ['This module has no published version yet', '该模块还没有发布任何版本'],
  packageMissing: ['The package file of this version is missing', '该版本的安装包文件丢失'],
  free: ['This module is free: no order is needed to download it', '该模块免费，无需下单即可下载'],
  notForSale: ['This module is not on sale', '该模块未在售'],
  notOffered: ['This module is not offered in the store', '商店未提供该模块'],
  orderNotFound: ['Order not found', '订单不存在'],
  orderForeign: ['This order belongs to another member', '该订单属于其他会员'],
  orderOtherModule: ['This order is for another module', '该订单不是此模块的订单'],
  alreadyPaid: ['This order has already been paid', '该订单已支付'],
  orderLapsed: [
    'This order was not paid within %s hours and has lapsed: please place a new order',
    '该订单未在 %s 小时内支付，已失效，请重新下单',
  ],
  tooManyUnpaid: [
    'You have %s unpaid orders: pay one, or wait for them to lapse after %s hours, before placing another',
    '您已有 %s 个未支付的订单，请先支付，或等其在 %s 小时后失效，再下新订单',
  ],
  payWithScore: ['This order can only be paid with points', '该订单只能使用积分支付'],
  payWithMoney: ['This order can only be paid with balance', '该订单只能使用余额支付'],
  notPurchased: ['Please buy this module first', '请先购买该模块'],
  unpaid: ['This order has not been paid yet', '该订单尚未支付'],
  expired: [
    'Version %s was released after the update period of your order ended (%s): buy it again to get this version',
    '版本 %s 发布于您订单的更新期限（%s）之后，请重新购买以获取该版本',
  ],
  paid: ['Payment successful', '支付成功'],
  gatewayMissing: [
    'WeChat and Alipay are not offered here: please pay with points or balance',
    '此处不提供微信和支付宝支付，请使用积分或余额支付',
  ],
  memo: ['Purchase of module %s (order %s)', '购买模块 %s（订单 %s）'],
  all: ['All', '全部'],
  demosInvalid: ['The demos must be a list of entries', '演示必须是条目列表'],
  demosTooMany: ['A module can have at most %s demos', '一个模块最多 %s 个演示'],
  demoTitle: ['Demo %s needs a title', '演示 %s 需要标题'],
  demoTitleLong: ['Demo %s: the title must be at most %s characters', '演示 %s：标题最多 %s 个字符'],
  demoUrl: [
    'Demo %s: the address must be an http:// or https:// URL',
    '演示 %s：地址必须是 http:// 或 https:// 网址',
  ],
  demoImage: [
    'Demo %s: the QR code image must be an http:// or https:// URL or an uploaded image',
    '演示 %s：二维码图片必须是 http:// 或 https:// 网址，或已上传的图片',
  ],
  contactInvalid: [
    'The developer contact must be an http://, https:// or mailto: address',
    '开发者联系方式必须是 http://、https:// 或 mailto: 地址',
  ],
  homepageInvalid: [
    'The developer homepage must be an http:// or https:// URL',
    '开发者主页必须是 http:// 或 https:// 网址',
  ],
} as const satisfies Record<string, readonly [string, string]>;

type Key = keyof typeof TEXTS;

export const STORE_MESSAGES = Object.fromEntries(
  Object.entries(TEXTS).map(([key, [english]]) => [key, english]),
) as { [K in Key]: (typeof TEXTS)[K][0] };

export const STORE_MESSAGES_ZH: Record<string, string> = Object.fromEntries(
  Object.values(TEXTS).map(([english, chinese]) => [english, chinese]),
);

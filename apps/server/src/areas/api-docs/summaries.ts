/**
 * The Chinese of every route's summary, for the API reference page of a Chinese reader. The
 * OpenAPI document itself (for tools) stays English; a summary missing here (a module's or
 * another area's route, translated in its own language pack) is looked up in the language
 * packs, and shown in English when none has it.
 */
import { type Lang, translate } from '@portico/server-sdk';
import type { OpenApiDocument } from './openapi.js';

const SUMMARIES_ZH_CN: Record<string, string> = {
  'A click captcha for the given id: a picture and the labels to click in it, in order':
    '按给定 id 生成点选验证码：一张图片和需依次点击的文字',
  "A module's packages were installed: finish its install": '模块的依赖包已安装：完成其安装',
  "A module's state on the machine": '模块在本机的状态',
  "A page of the caller's own admin-log entries, newest first": '调用者自己的管理员日志（一页，最新的在前）',
  "A table's primary key": '数据表的主键',
  "A table's primary key and fields": '数据表的主键和字段',
  'Add a config item': '添加配置项',
  'Add a row': '添加一行',
  "An SVG document icon showing a file's suffix": '显示文件后缀的 SVG 文档图标',
  'An image captcha (SVG) for the given id': '按给定 id 生成图片验证码（SVG）',
  "Change the member's password (signs them out everywhere)": '修改会员密码（在所有设备上退出登录）',
  'Clear the cached settings, grants and page remarks in every server process':
    '清除所有服务器进程中缓存的设置、权限和页面备注',
  'Delete a disabled module, or one waiting for its install: its data, and its folder unless the project ships it':
    '删除已禁用或等待安装的模块：删除其数据，以及其文件夹（项目自带的模块除外）',
  'Delete config items added by hand (ids in the query or the body)':
    '删除手动添加的配置项（id 在查询参数或请求体中）',
  'Delete rows (ids in the query or the body)': '删除行（id 在查询参数或请求体中）',
  "Download a disabled module's newest version from the market; it then waits for its install":
    '从市场下载已禁用模块的最新版本，之后等待安装',
  'Enable a disabled module (it then waits for its install) or disable one; code -1 to confirm changed files or remaining packages, -2 when packages went, -3 when disabled for an update':
    '启用已禁用的模块（之后等待安装）或禁用模块；code -1 需确认被修改的文件或剩余的依赖包，-2 表示依赖包已移除，-3 表示为更新而禁用',
  "End the member's session": '结束会员的会话',
  'Exchange a refresh token for a new access token and a new refresh token':
    '用刷新令牌换取新的访问令牌和新的刷新令牌',
  'Export every row the list’s filters select, in its order, as CSV or Excel (streamed)':
    '按列表的顺序导出其筛选条件选中的所有行，格式为 CSV 或 Excel（流式）',
  "Forward a GET of the market screens to the store (path: the store's API path); answers what the store said, its JSON envelope or its captcha image":
    '将市场页面的 GET 请求转发给商店（path：商店的接口路径）；返回商店的应答：JSON 信封或验证码图片',
  "Forward a POST of the market screens to the store (path: the store's API path); answers what the store said, its JSON envelope or its captcha image":
    '将市场页面的 POST 请求转发给商店（path：商店的接口路径）；返回商店的应答：JSON 信封或验证码图片',
  'Import every row of an upload (multipart `mapping`, optional `values` and `labels`, each JSON, then `file`), all or none; refusals are answered in `data.refused`':
    '导入上传文件的每一行（multipart：`mapping`、可选的 `values` 和 `labels`，均为 JSON，然后是 `file`），全部成功或全部不导入；被拒绝的行在 `data.refused` 中返回',
  'Install a module (downloaded from the market first when not on the machine); code -1 with the conflicts, -2 when packages must be installed':
    '安装模块（本机没有时先从市场下载）；code -1 返回冲突，-2 表示需要安装依赖包',
  List: '列表',
  'Liveness: answers while the process serves': '存活检查：进程提供服务时应答',
  'Load a row for the edit form': '为编辑表单读取一行',
  'One entry in full': '一条记录的全部内容',
  "Prove the member's current e-mail address or mobile number with a code":
    '用验证码验证会员当前的电子邮箱或手机号',
  'Provinces, the cities of a province, or the districts of a city': '省份、某省的城市或某市的区县',
  'Put deleted rows back (ids in the query or the body), all or none':
    '还原已删除的行（id 在查询参数或请求体中），全部成功或全部不还原',
  'Read an upload (multipart `file`, CSV or Excel): its first rows and a guessed mapping':
    '读取上传的文件（multipart `file`，CSV 或 Excel）：返回前几行和推测的字段对应',
  'Reset a forgotten password with a code sent to the e-mail address or mobile number':
    '用发送到电子邮箱或手机号的验证码重置忘记的密码',
  'Save a row': '保存一行',
  'Save config values (a blank secret keeps the stored one)': '保存配置值（留空的密钥保持原值）',
  "Save the caller's own profile, or their avatar alone": '保存调用者自己的资料，或只保存头像',
  "Save the member's profile": '保存会员资料',
  "Send a test mail with the form's mail settings (saved ones where the form has none)":
    '用表单中的邮件设置发送测试邮件（表单未填的使用已保存的设置）',
  'Send a verification code by SMS (after a captcha)': '通过短信发送验证码（需先通过人机验证）',
  'Send a verification code by e-mail (after a captcha)': '通过电子邮件发送验证码（需先通过人机验证）',
  "Set or replace the member's e-mail address or mobile number": '设置或更换会员的电子邮箱或手机号',
  'Sign an administrator in': '管理员登录',
  'Sign in, or register and sign in (a new session)': '登录，或注册并登录（新会话）',
  "Sign out: end the administrator's session": '退出登录：结束管理员的会话',
  "Sign-in's second step when a group requires a second factor the administrator has not set up: a new secret to scan":
    '所在组要求第二因素而管理员尚未设置时的登录第二步：返回一个待扫描的新密钥',
  "Sign-in's second step: a code from the authenticator app or a recovery code (or, when enrolling at sign-in, the first code of the new secret)":
    '登录第二步：身份验证器应用中的验证码或恢复码（登录时设置的，则为新密钥的第一个验证码）',
  'Swap the order of two rows': '交换两行的顺序',
  "The API reference page: the OpenAPI document, its summaries in the reader's language":
    '接口文档页面：OpenAPI 文档，其说明使用读者的语言',
  "The add form's choices of controller (the original client's form loads them)":
    '添加表单中可选的控制器（原版客户端的表单加载它们）',
  "The application's tables, for the data-security rule forms": '应用的数据表，供数据安全规则表单使用',
  "The caller's own profile": '调用者自己的资料',
  'The config items by group, the groups, and the quick entrances': '按分组的配置项、分组和快捷入口',
  "The dashboard's figures: totals, today's additions, and growth over the last days":
    '控制台数据：总数、今日新增和近几日的增长',
  'The database connections a data-security rule may name (Portico has one)':
    '数据安全规则可指定的数据库连接（Portico 只有一个）',
  "The member centre's start data: the site, the member and their menus":
    '会员中心的初始数据：站点、会员及其菜单',
  'The member the add form adjusts, with their current balance': '添加表单所调整的会员及其当前余额',
  'The member the add form adjusts, with their current points': '添加表单所调整的会员及其当前积分',
  "The member's balance and points changes of the last 7 days, per day": '会员近 7 天每天的余额和积分变动',
  "The member's balance changes, newest first": '会员的余额变动，最新的在前',
  "The member's points changes, newest first": '会员的积分变动，最新的在前',
  'The modules on the machine with their states, and where the market is':
    '本机的模块及其状态，以及市场的地址',
  'The same, the id in the query or the body': '同上，id 在查询参数或请求体中',
  'This API as an OpenAPI 3.1 document': '本接口的 OpenAPI 3.1 文档',
  'Unpack an uploaded module zip: the module then waits for its install':
    '解压上传的模块 zip 包，之后模块等待安装',
  'Upload a file (multipart `file`, optional `topic`) and record it as an attachment':
    '上传文件（multipart `file`，可选 `topic`）并记录为附件',
  'What the back-office loads at start: the administrator, their menus and the site settings':
    '后台启动时加载的数据：管理员、其菜单和站点设置',
  'What the profile form needs to know': '资料表单所需的数据',
  'What the sign-in and registration forms need to know': '登录和注册表单所需的数据',
  'Whether the administrator sign-in form asks for a captcha': '管理员登录表单是否需要验证码',
  "Whether the clicks answer a click captcha (the original client's check before it sends its form)":
    '点击是否通过点选验证码（原版客户端提交表单前的检查）',
  'Write the logged values back (ids in the query or the body), all or none':
    '写回记录的旧值（id 在查询参数或请求体中），全部成功或全部不写回',
};

function summaryIn(summary: unknown, lang: Lang): unknown {
  if (lang === 'en' || typeof summary !== 'string') return summary;
  return SUMMARIES_ZH_CN[summary] ?? translate(summary, lang);
}

/** The document with each operation's summary in `lang` (the rest as it is). */
export function withSummariesIn(document: OpenApiDocument, lang: Lang): OpenApiDocument {
  if (lang === 'en') return document;
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => [
          method,
          { ...operation, summary: summaryIn(operation.summary, lang) },
        ]),
      ),
    ]),
  );
  return { ...document, paths };
}

/** 简体中文：API 参考页。 */
import type { Pack } from '@portico/web-sdk/module';

const apiReference = {
  intro:
    '本站的全部接口，由接口校验输入所用的模式生成。每个 JSON 应答都是信封 {code, msg, time, data}：code 为 1 表示成功，数据在 data 中；code 为 0 表示被拒绝，msg 说明原因，且没有任何改动。',
  authentication:
    '后台接口在 batoken 请求头中携带管理员令牌；会员接口在 ba-user-token 请求头中携带会员令牌。msg 的语言随 think-lang 请求头（zh-cn 或 en）。表单可用 JSON 或方括号写法（ids[]=1&ids[]=2）。',
  'code 1': '成功',
  'code 0': '被拒绝：原因见 msg',
  'code 302': '跳转到 data.routePath 指定的页面',
  'code 303': '未登录（或已登录）',
  'code 401': '没有此接口的权限',
  'code 409': '令牌已过期：刷新后重试',
  'code 301': '模块市场需要单独登录',
  'code 408': '模块市场的令牌已过期',
  'Download the OpenAPI document': '下载 OpenAPI 3.1 文档',
  'Search by path, summary or permission': '按路径、说明或权限搜索',
  All: '全部',
  'Back office': '后台',
  'Members and public': '会员与公开',
  'No route matches': '没有匹配的接口',
  Public: '公开',
  'Signed in': '需登录',
  'Needs the permission': '需要权限 {permission}。',
  'A super administrator with a ticket':
    '仅超级管理员，以查询参数中的一次性票据证明身份（POST /admin/Terminal/ticket）：EventSource 无法发送请求头。',
  'Any signed-in account': '任何已登录的账号都可调用。',
  'No token needed': '公开：无需令牌。',
  'Refused while the member centre is off': '会员中心关闭时拒绝访问。',
  'Counts toward the sign-in attempt budget': '计入每个地址的登录尝试次数限制。',
  Answers: '应答为 {type}（被拒绝时为信封）。',
  Parameters: '参数',
  'Request body': '请求体（JSON 或表单）',
  'Answer data': '成功时的 data',
  Name: '名称',
  In: '位置',
  Type: '类型',
  Required: '必填',
  Description: '说明',
  Yes: '是',
};

export default { 'routine.apiReference': apiReference } satisfies Pack;

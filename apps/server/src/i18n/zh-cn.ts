/** Chinese translations of the server's English message keys. Keep keys sorted by area. */
export const zhCn: Record<string, string> = {
  // envelope and transport
  'Operation successful': '操作成功',
  'Please login first': '请先登录！',
  'You have already logged in. There is no need to log in again~': '您已经登录过了，无需重复登录~',
  'You have no permission': '您没有权限',
  'Token expiration': '登录态过期，请重新登录！',
  'Route not found': '请求的接口不存在',
  'The request body is too large': '请求数据过大',
  'The request body is not valid JSON': '请求数据不是有效的 JSON',
  'Unsupported content type': '不支持的请求数据类型',
  'Server internal error': '服务器内部错误',
  'Please do not request frequently. Try again in %s seconds.': '请勿频繁请求，请 %s 秒后再试。',
  'No permission request': '无权限访问',
};

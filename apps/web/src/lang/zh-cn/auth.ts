/** 简体中文：权限管理页面（管理员、角色组、菜单规则、管理员日志）。 */
export const admin = {
  username: '用户名',
  nickname: '昵称',
  group: '角色组',
  avatar: '头像',
  email: '电子邮箱',
  mobile: '手机号',
  password: '密码',
  motto: '个性签名',
  'Last login': '最后登录',
  'Please leave blank if not modified': '不修改请留空',
  'username and nickname': '用户名或昵称',
};

export const group = {
  'Parent group': '上级分组',
  'Group name': '组名',
  jurisdiction: '权限',
  'Manage subordinate role groups here': '此处只能管理您所在分组的下级分组。',
  'Two-factor sign-in': '双因素登录',
  'Not required': '不要求',
  Required: '要求',
};

export const rule = {
  'Menu directory': '菜单目录',
  'Menu item': '菜单项',
  'Page button': '页面按钮',
  Tab: '选项卡',
  'Link (off-site)': '链接（站外）',
  'Add as route only': '只添加为路由',
  'Add as menu only': '只添加为菜单',
  'Superior menu rule': '上级菜单规则',
  'Rule type': '规则类型',
  'Rule title': '规则标题',
  'Rule name': '规则名称',
  'It will be registered as the web side routing name and used as the server side API authentication':
    '将注册为 Web 端路由名称，同时作为服务端 API 的权限节点。',
  'Routing path': '路由路径',
  'Rule Icon': '图标',
  'Menu type': '菜单类型',
  'Link address': '链接地址',
  'Component path': '组件路径',
  'Component path tip':
    '以 .vue 结尾的页面文件路径（原版前端的写法）；无论以 .vue 还是 .tsx 结尾，Portico 都打开同一个页面。',
  'Extended properties': '扩展属性',
  'Rule comments': '规则备注',
  'Rule weight': '权重',
  Cache: '缓存',
};

export const adminLog = {
  'Administrator ID': '管理员ID',
  'Administrator username': '管理员用户名',
  'Operation administrator': '操作管理员',
  Title: '标题',
  'Operator IP': '操作人IP',
  'Request data': '请求数据',
  'Click to expand': '点击展开',
};

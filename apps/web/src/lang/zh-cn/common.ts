/** 简体中文：页面标题、404/401、问候语与框架工具、校验、登录。 */
export const pagesTitle = {
  home: '首页',
  admin: '后台',
  adminLogin: '登录',
  notFound: '页面找不到了',
  noPower: '无访问权限',
  noTitle: '无标题',
  loading: '加载中...',
  user: '会员中心',
  userLogin: '会员登录',
};

export const notFound = {
  'problems tip': '你的网站遇到了一些问题！',
  'We will automatically return to the previous page when we are finished':
    '系统正在尽力修复问题，修复完成后将自动返回上一页。',
  'Return to home page': '返回首页',
  'Back to previous page': '返回上一页',
};

/** A menu rule naming a page this version does not have (e.g. a database taken over from the original). */
export const pageUnavailable = {
  'This page is not available': '此页面不可用',
  'page unavailable tip':
    '此地址的菜单规则指向的页面 {component} 在当前版本的 Portico 中不存在。管理员可以修改该菜单规则的组件路径，或安装提供此页面的模块。',
};

export const noPower = {
  noPowerTip: '您似乎没有访问此页面的权限，或者文件已失效。您可以尝试联系管理员，或返回上一页。',
};

export const utils = {
  'welcome back': '欢迎回来！',
  'Late at night, pay attention to your body!': '夜深了，注意身体哦！',
  'good morning!': '早上好！',
  'Good morning!': '上午好！',
  'Good noon!': '中午好！',
  'good afternoon': '下午好！',
  'Good evening': '晚上好！',
  comma: '，',
  Loading: '加载中...',
  Reload: '重新加载',
  'Clean up system cache': '清理系统缓存',
  'Clean up browser cache': '清理浏览器缓存',
  'Clean up all cache': '一键清理所有',
  'Navigation failed, the menu type is unrecognized!': '导航失败，菜单类型无法识别！',
  'Navigation failed, navigation guard intercepted!': '导航失败，导航守卫拦截！',
  'Navigation failed, it is at the navigation target position!': '导航失败，已在导航目标位置！',
  'Navigation failed, invalid route!': '导航失败，路由无效！',
  'Failed to find a jump route': '没有找到可以跳转的路由',
  None: '无',
  'The moving position is beyond the movable range!': '移动位置超出了可移动范围！',
  'Please install editor': '请先于模块市场安装富文本编辑器。',
  ArrayKey: '键名',
  ArrayValue: '键值',
  'The data of the uploaded file is incomplete!': '上传文件的数据不完整！',
  'The type of uploaded file is not allowed!': '上传文件的类型不被允许！',
  'The size of the uploaded file exceeds the allowed range!': '上传文件的大小超出允许范围！',
  choice: '选择',
  'Select File': '选择文件',
  'You can also select {count} items': '您还可以选择 {count} 项',
  preview: '预览',
  'Original name': '原始名称',
  size: '大小',
  'Last upload time': '最后上传时间',
  'The server is restarting, please wait…': '服务器正在重启，请稍候…',
  'The server did not come back': '服务器未能恢复：请查看其日志并手动重启',
};

export const validate = {
  'Please input correct password': '请输入 6 至 32 位密码，不能包含 & < > " \'',
  'Please input correct account name': '请输入 3 至 16 位字母、数字或下划线，以字母开头',
  'Please enter the correct mobile number': '请输入正确的手机号',
  'Please enter the correct email address': '请输入正确的电子邮箱',
  "Please enter a nickname of up to 50 letters, digits, spaces and _ - . ' ·":
    "请输入不超过 50 个字的昵称，可含文字、数字、空格及 _ - . ' ·",
  Required: '必填',
  'Please enter the correct number': '请输入正确的数字',
  'Please enter the correct integer': '请输入正确的整数',
  'Please enter the correct URL': '请输入正确的网址',
  'Please enter the correct variable name': '请输入正确的变量名',
};

export const login = {
  'Please enter an account': '请输入账号',
  'Please input a password': '请输入密码',
  'Please enter the verification code': '请输入验证码',
  Captcha: '验证码',
  'Click to refresh': '看不清？点击换一张',
  'Hold session': '保持会话',
  'Sign in': '登录',
  'Username, e-mail or mobile': '用户名、邮箱或手机号',
};

/** 各页面通用词（原版的 `globs`）：无命名空间前缀。 */
export const globs = {
  Id: 'ID',
  State: '状态',
  Enable: '启用',
  Disable: '禁用',
  'Create time': '创建时间',
  'Update time': '修改时间',
  'Quick search placeholder': '通过{fields}模糊搜索',
  Refresh: '刷新',
  Add: '添加',
  'No records in {title} yet.': '「{title}」还没有记录。',
  'Create the first one': '新建第一条',
  'No records yet.': '还没有记录。',
  'Nothing matches the search.': '没有符合搜索条件的记录。',
  'Clear search': '清除搜索',
  Edit: '编辑',
  Delete: '删除',
  Cancel: '取消',
  Save: '保存',
  Search: '搜索',
  Reset: '重置',
  To: '至',
  'Times in {zone}': '时间为 {zone}',
  Operate: '操作',
  Info: '详情',
  'Are you sure to delete the selected record?': '确定删除选中记录？',
  'Save and edit next item': '保存并编辑下一项',
  'Expand all': '展开全部',
  'Shrink all': '收缩全部',
  'Expand all submenus': '展开所有子菜单',
  'Shrink all submenus': '收缩所有子菜单',
  'Column display': '字段显示',
  'Expand generic search': '展开通用搜索',
  'Please input field': '请输入{field}',
  'Please select field': '请选择{field}',
  'Total {total} items': '共 {total} 条',
  'About {total} items': '约 {total} 条',
  'More than {total} items': '超过 {total} 条',
  'Drag sort': '拖动以排序',
  Open: '开',
  Close: '关',
  'Please select an icon': '请选择图标',
  URL: 'URL',
  IP: 'IP',
  'User Agent': 'User Agent',
  Iframe: 'Iframe',
  Upload: '上传',
  Confirm: '确认',
};

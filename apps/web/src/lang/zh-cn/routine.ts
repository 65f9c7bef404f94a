/** 简体中文：常规管理页面。 */
export const attachment = {
  'Storage directory': '存储目录',
  'Upload administrator': '上传管理员',
  'Upload user': '上传会员',
  Preview: '预览',
  Size: '文件大小',
  'Mime type': 'MIME 类型',
  'Upload (Reference) times': '上传（引用）次数',
  'Original name': '原始名称',
  'Storage mode': '存储方式',
  'Last upload time': '最后上传时间',
};

export const adminInfo = {
  'Last logged in on': '最后登录于',
  'This guy is lazy and wrote nothing': '这家伙很懒，什么也没写',
  'New password': '新密码',
  'Save changes': '保存修改',
  'Operation log': '操作日志',
};

export const config = {
  Basics: '基础配置',
  Mail: '邮件配置',
  'Config Quick entrance': '快捷配置入口',
  'Add configuration item': '添加配置项',
  'Quick configuration entry': '快捷配置入口',
  'Set; leave blank to keep it': '已设置，留空则不修改',
  'Are you sure to delete the configuration item?': '确定删除该配置项吗？',
  'Please complete the mail configuration first': '请先完善邮件配置',
  'Test mail sending': '测试邮件发送',
  Sending: '发送中',
  'Please enter the recipient email address': '请输入收件人邮箱地址',
  'Variable grouping': '变量分组',
  'Variable name': '变量名',
  'Variable title': '变量标题',
  'Variable type': '变量类型',
  'Dictionary data': '字典数据（每行一个 key=value）',
  Tip: '提示信息',
  'Validation rules': '验证规则',
  'Extended properties': '扩展属性',
  Weight: '权重',
};

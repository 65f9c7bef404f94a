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

/**
 * Administrators' second factor: the sign-in's second step (which loads the back-office texts
 * first, being the way into the back-office) and the profile's card.
 */
export const twoFactor = {
  'New recovery codes': '重新生成恢复码',
  'The codes you have now stop working': '现有的恢复码将失效，请输入应用中的验证码确认。',
  'Two-factor sign-in': '双因素登录',
  'Your group requires two-factor sign-in': '您所在的管理组要求双因素登录',
  'Code from your authenticator app': '身份验证器应用中的验证码',
  'Code from your authenticator app, or a recovery code': '身份验证器应用中的验证码，或一个恢复码',
  'Enter the 6-digit code': '请输入应用中的6位验证码',
  'Enter the 6-digit code or a recovery code': '请输入应用中的6位验证码，或一个恢复码',
  'Scan this code with an authenticator app': '请用身份验证器应用扫描此二维码',
  'QR code of the new key': '新密钥的二维码',
  'Or enter this key by hand': '或手动输入此密钥：',
  'Save your recovery codes': '请保存您的恢复码',
  'Each code signs you in once if you lose your phone':
    '手机丢失时，每个恢复码可登录一次。恢复码仅显示这一次。',
  'Recovery codes': '恢复码',
  'Copy all codes': '复制全部恢复码',
  'I have saved them': '我已保存',
  'Back to the password': '返回密码登录',
  On: '已开启',
  Off: '未开启',
  'Required by your group': '管理组要求',
  '{count} recovery codes left': '剩余 {count} 个恢复码',
  'A code from an authenticator app, asked after your password':
    '登录时在密码之后输入手机身份验证器应用中的验证码。',
  'Set up': '设置',
  'Turn on': '开启',
  'Turn off': '关闭',
  'Set up two-factor sign-in': '设置双因素登录',
  'Turn off two-factor sign-in': '关闭双因素登录',
};

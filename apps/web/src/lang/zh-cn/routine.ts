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

/** 简体中文：会员自己的账户字段，会员中心（资料、注册、找回密码）与后台会员表单共用。 */
export const memberFields = {
  username: '用户名',
  nickname: '昵称',
  avatar: '头像',
  email: '电子邮箱',
  mobile: '手机号',
  gender: '性别',
  birthday: '生日',
  motto: '个性签名',
  Unknown: '保密',
  Male: '男',
  Female: '女',
};

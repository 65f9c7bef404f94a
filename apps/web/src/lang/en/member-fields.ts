/** English: a member's own account fields, labelled alike in the member centre (profile, sign-up, password recovery) and in the back-office's member form. */
export const memberFields = {
  username: 'Username',
  nickname: 'Nickname',
  avatar: 'Avatar',
  email: 'E-mail',
  mobile: 'Mobile',
  gender: 'Gender',
  birthday: 'Birthday',
  motto: 'Personal signature',
  Unknown: 'Secrecy',
  Male: 'Male',
  Female: 'Female',
};

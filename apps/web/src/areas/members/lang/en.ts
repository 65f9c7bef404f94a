/** English: the member management pages. */
export const user = {
  username: 'Username',
  nickname: 'Nickname',
  group: 'Group',
  avatar: 'Avatar',
  email: 'E-mail',
  mobile: 'Mobile',
  gender: 'Gender',
  birthday: 'Birthday',
  balance: 'Balance',
  integral: 'Points',
  password: 'Password',
  motto: 'Personal signature',
  Unknown: 'Secrecy',
  Male: 'Male',
  Female: 'Female',
  'Adjust balance': 'Adjust balance',
  'Adjust integral': 'Adjust points',
  'Last login IP': 'Last login IP',
  'Last login': 'Last login',
  'username and nickname': 'username or nickname',
};

export const group = {
  'Group name': 'Group name',
  Permissions: 'Permissions',
};

export const rule = {
  No: 'No',
  Yes: 'Yes',
  'Normal routing': 'Normal routing',
  'Member center menu directory': 'Member center menu directory',
  'Member center menu items': 'Member center menu items',
  'Top bar menu items': 'Top bar menu items',
  'Page button': 'Page button',
  'Top bar user dropdown': 'Top bar user dropdown',
  'Visible to guests': 'Visible to guests',
};

export const ledger = {
  Balance: 'Current balance',
  Integral: 'Current points',
  User: 'Member',
  'User ID': 'Member ID',
  'Change amount': 'Change amount',
  'The change amount cannot be 0': 'The change amount cannot be 0',
  'The change amount must be between {min} and {max}': 'The change amount must be between {min} and {max}',
  'The value after the change would be {value}, outside the allowed range of {min} to {max}':
    'The value after the change would be {value}, outside the allowed range of {min} to {max}',
  'After change': 'After the change',
  Remark: 'Remark',
  Before: 'Before',
  After: 'After',
};

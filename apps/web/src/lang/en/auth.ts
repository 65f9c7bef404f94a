/** English: the auth pages (administrators, groups, rules, admin log). */
export const admin = {
  username: 'Username',
  nickname: 'Nickname',
  group: 'Group',
  avatar: 'Avatar',
  email: 'Email',
  mobile: 'Mobile',
  password: 'Password',
  motto: 'Personal signature',
  'Last login': 'Last login',
  'Please leave blank if not modified': 'Leave blank if not modified',
  'username and nickname': 'username or nickname',
};

export const group = {
  'Parent group': 'Parent group',
  'Group name': 'Group name',
  jurisdiction: 'Permissions',
  'Manage subordinate role groups here': 'Only role groups below your own can be managed here.',
  'Two-factor sign-in': 'Two-factor sign-in',
  'Not required': 'Not required',
  Required: 'Required',
};

export const rule = {
  'Menu directory': 'Menu directory',
  'Menu item': 'Menu item',
  'Page button': 'Page button',
  Tab: 'Tab',
  'Link (off-site)': 'Link (off-site)',
  'Add as route only': 'Add as route only',
  'Add as menu only': 'Add as menu only',
  'Superior menu rule': 'Superior menu rule',
  'Rule type': 'Rule type',
  'Rule title': 'Rule title',
  'Rule name': 'Rule name',
  'It will be registered as the web side routing name and used as the server side API authentication':
    'It becomes the route name in the web app and the permission node of the server API.',
  'Routing path': 'Routing path',
  'Rule Icon': 'Icon',
  'Menu type': 'Menu type',
  'Link address': 'Link address',
  'Component path': 'Component path',
  'Component path tip':
    'The page file ending in .vue, as the original client names it. Portico opens the same page whether it ends in .vue or .tsx.',
  'Extended properties': 'Extended properties',
  'Rule comments': 'Remark',
  'Rule weight': 'Weight',
  Cache: 'Cache',
};

export const adminLog = {
  'Administrator ID': 'Admin ID',
  'Administrator username': 'Admin username',
  'Operation administrator': 'Administrator',
  Title: 'Title',
  'Operator IP': 'Operator IP',
  'Request data': 'Request data',
  'Click to expand': 'Click to expand',
};

/** English: page titles, 404/401, greetings and shell utilities, validation, login. */
export const pagesTitle = {
  home: 'Home',
  admin: 'Admin',
  adminLogin: 'Login',
  notFound: 'Page not found',
  noPower: 'No access permission',
  noTitle: 'No title',
  loading: 'Loading...',
  user: 'Member Center',
  userLogin: 'Member login',
};

export const notFound = {
  'problems tip': 'Your website has encountered some problems!',
  'We will automatically return to the previous page when we are finished':
    'The system is trying to fix the problem. We will automatically return to the previous page when we are finished.',
  'Return to home page': 'Return to home page',
  'Back to previous page': 'Back to previous page',
};

/** A menu rule naming a page this version does not have (e.g. a database taken over from the original). */
export const pageUnavailable = {
  'This page is not available': 'This page is not available',
  'page unavailable tip':
    "The menu rule of this address names the page {component}, which this version of Portico does not have. An administrator can change the rule's component path, or install the module that provides the page.",
};

export const noPower = {
  noPowerTip:
    'It seems that you do not have permission to access this page, or the file is invalid. You can try to contact the administrator or return to the previous page.',
};

export const utils = {
  'welcome back': 'Welcome back!',
  'Late at night, pay attention to your body!': 'Late at night, take care of your body!',
  'good morning!': 'Good morning!',
  'Good morning!': 'Good morning!',
  'Good noon!': 'Good noon!',
  'good afternoon': 'Good afternoon.',
  'Good evening': 'Good evening.',
  comma: ', ',
  Loading: 'Loading...',
  Reload: 'Reload',
  'Clean up system cache': 'Clean up system cache',
  'Clean up browser cache': 'Clean up browser cache',
  'Clean up all cache': 'Clean up all cache',
  'Navigation failed, the menu type is unrecognized!': 'Navigation failed, the menu type is unrecognized!',
  'Navigation failed, navigation guard intercepted!': 'Navigation failed, navigation guard intercepted!',
  'Navigation failed, it is at the navigation target position!':
    'Navigation failed, it is at the navigation target position!',
  'Navigation failed, invalid route!': 'Navigation failed, invalid route!',
  'Failed to find a jump route': 'Failed to find a jump route',
  None: 'None',
  'The moving position is beyond the movable range!': 'The moving position is beyond the movable range!',
  'Please install editor':
    'No rich-text editor is installed yet: edit the HTML here, or install one from the module marketplace.',
  ArrayKey: 'Key',
  ArrayValue: 'Value',
  'The data of the uploaded file is incomplete!': 'The data of the uploaded file is incomplete!',
  'The type of uploaded file is not allowed!': 'The type of uploaded file is not allowed!',
  'The size of the uploaded file exceeds the allowed range!':
    'The size of the uploaded file exceeds the allowed range!',
  choice: 'Choose',
  'Select File': 'Select File',
  'You can also select {count} items': 'You can also select {count} items',
  preview: 'Preview',
  'Original name': 'Original name',
  size: 'Size',
  'Last upload time': 'Last upload time',
  'The server is restarting, please wait…': 'The server is restarting, please wait…',
  'The server did not come back': 'The server did not come back: check its log and restart it by hand',
};

export const validate = {
  'Please input correct password': 'Please enter 6 to 32 characters, without & < > " \'',
  'Please input correct account name': 'Please enter 3 to 16 letters, digits or _, starting with a letter',
  'Please enter the correct mobile number': 'Please enter the correct mobile number',
  'Please enter the correct email address': 'Please enter the correct email address',
  "Please enter a nickname of up to 50 letters, digits, spaces and _ - . ' ·":
    "Please enter a nickname of up to 50 letters, digits, spaces and _ - . ' ·",
  Required: 'Required',
  'Please enter the correct number': 'Please enter the correct number',
  'Please enter the correct integer': 'Please enter the correct integer',
  'Please enter the correct URL': 'Please enter the correct URL',
  'Please enter the correct variable name': 'Please enter the correct variable name',
};

export const login = {
  'Please enter an account': 'Please enter an account',
  'Please input a password': 'Please input a password',
  'Please enter the verification code': 'Please enter the verification code',
  Captcha: 'Captcha',
  'Click to refresh': 'Click for another one',
  'Hold session': 'Keep me signed in',
  'Sign in': 'Sign in',
  'Username, e-mail or mobile': 'Username, e-mail or mobile',
};

/** Words every page uses (the original's `globs`): no namespace prefix. */
export const globs = {
  Id: 'ID',
  State: 'State',
  Enable: 'Enable',
  Disable: 'Disable',
  'Create time': 'Create time',
  'Update time': 'Update time',
  'Quick search placeholder': 'Fuzzy search by {fields}',
  Refresh: 'Refresh',
  Add: 'Add',
  'No records in {title} yet.': 'No records in “{title}” yet.',
  'Create the first one': 'Create the first one',
  'No records yet.': 'No records yet.',
  'Nothing matches the search.': 'Nothing matches the search.',
  'Clear search': 'Clear search',
  Edit: 'Edit',
  Delete: 'Delete',
  Cancel: 'Cancel',
  Save: 'Save',
  Search: 'Search',
  Reset: 'Reset',
  To: 'To',
  'Times in {zone}': 'Times in {zone}',
  Operate: 'Operate',
  Info: 'Info',
  'Are you sure to delete the selected record?': 'Are you sure to delete the selected record?',
  'Save and edit next item': 'Save and edit next item',
  'Expand all': 'Expand all',
  'Shrink all': 'Shrink all',
  'Expand all submenus': 'Open all submenus',
  'Shrink all submenus': 'Shrink all submenus',
  'Column display': 'Column display',
  'Expand generic search': 'Expand generic search',
  'Please input field': 'Please input {field}',
  'Please select field': 'Please select {field}',
  'Total {total} items': '{total} in total',
  'About {total} items': 'about {total} in total',
  'More than {total} items': 'more than {total}',
  'Drag sort': 'Drag sort',
  Open: 'Open',
  Close: 'Close',
  'Please select an icon': 'Please select an icon',
  URL: 'URL',
  IP: 'IP',
  'User Agent': 'User Agent',
  Iframe: 'Iframe',
  Upload: 'Upload',
  Confirm: 'Confirm',
};

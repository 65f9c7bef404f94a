/** English: the routine pages. */
export const attachment = {
  'Storage directory': 'Storage directory',
  'Upload administrator': 'Upload administrator',
  'Upload user': 'Upload member',
  Preview: 'Preview',
  Size: 'Size',
  'Mime type': 'MIME type',
  'Upload (Reference) times': 'Upload (reference) times',
  'Original name': 'Original name',
  'Storage mode': 'Storage mode',
  'Last upload time': 'Last upload time',
};

export const adminInfo = {
  'Last logged in on': 'Last logged in on',
  'This guy is lazy and wrote nothing': 'Lazy, wrote nothing',
  'New password': 'New password',
  'Save changes': 'Save changes',
  'Operation log': 'Operation log',
};

export const config = {
  Basics: 'Basics',
  Mail: 'Mail',
  'Config Quick entrance': 'Quick entrance',
  'Add configuration item': 'Add configuration item',
  'Quick configuration entry': 'Quick configuration entry',
  'Set; leave blank to keep it': 'Set; leave blank to keep it',
  'Are you sure to delete the configuration item?': 'Are you sure to delete the configuration item?',
  'Please complete the mail configuration first': 'Please complete the mail configuration first',
  'Test mail sending': 'Test mail sending',
  Sending: 'Sending',
  'Please enter the recipient email address': 'Please enter the recipient e-mail address',
  'Variable grouping': 'Variable grouping',
  'Variable name': 'Variable name',
  'Variable title': 'Variable title',
  'Variable type': 'Variable type',
  'Dictionary data': 'Dictionary data (one key=value per line)',
  Tip: 'Tip',
  'Validation rules': 'Validation rules',
  'Extended properties': 'Extended properties',
  Weight: 'Weight',
};

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

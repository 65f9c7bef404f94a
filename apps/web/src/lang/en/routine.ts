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

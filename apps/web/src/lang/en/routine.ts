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

/**
 * Administrators' second factor: the sign-in's second step (which loads the back-office texts
 * first, being the way into the back-office) and the profile's card.
 */
export const twoFactor = {
  'New recovery codes': 'New recovery codes',
  'The codes you have now stop working':
    'The recovery codes you have now will stop working. Confirm with a code from your app.',
  'Two-factor sign-in': 'Two-factor sign-in',
  'Your group requires two-factor sign-in': 'Your group requires two-factor sign-in',
  'Code from your authenticator app': 'Code from your authenticator app',
  'Code from your authenticator app, or a recovery code':
    'Code from your authenticator app, or a recovery code',
  'Enter the 6-digit code': 'Enter the 6-digit code from the app.',
  'Enter the 6-digit code or a recovery code': 'Enter the 6-digit code from the app, or a recovery code.',
  'Scan this code with an authenticator app': 'Scan this code with an authenticator app',
  'QR code of the new key': 'QR code of the new key',
  'Or enter this key by hand': 'Or enter this key by hand:',
  'Save your recovery codes': 'Save your recovery codes',
  'Each code signs you in once if you lose your phone':
    'Each code signs you in once if you lose your phone. They are shown only now.',
  'Recovery codes': 'Recovery codes',
  'Copy all codes': 'Copy all codes',
  'I have saved them': 'I have saved them',
  'Back to the password': 'Back to the password',
  On: 'On',
  Off: 'Off',
  'Required by your group': 'Required by your group',
  '{count} recovery codes left': '{count} recovery codes left',
  'A code from an authenticator app, asked after your password':
    'A code from an authenticator app on your phone, asked after your password.',
  'Set up': 'Set up',
  'Turn on': 'Turn on',
  'Turn off': 'Turn off',
  'Set up two-factor sign-in': 'Set up two-factor sign-in',
  'Turn off two-factor sign-in': 'Turn off two-factor sign-in',
};

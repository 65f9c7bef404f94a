/**
 * English texts for the few keys that are labels rather than English sentences (menu-rule
 * remarks, config titles). Every other key is its own English text.
 */
export const en: Record<string, string> = {
  'Remark lang': 'To keep the system safe, please operate with care.',
  // Config titles stored as the original's lower-case keys (zh-cn.ts lists them all).
  'Config Quick entrance': 'Quick entrance',
  'Site Name': 'Site name',
  'time zone': 'Time zone',
  'No access ip': 'No access IP',
  'Backend entrance': 'Back-office entrance',
  'CDN url': 'CDN URL',
  'API url': 'API URL',
  'smtp server': 'SMTP server',
  'smtp port': 'SMTP port',
  'smtp user': 'SMTP user',
  'smtp pass': 'SMTP password',
  'smtp verification': 'SMTP verification',
  'smtp sender mail': 'SMTP sender e-mail',
  // Verification-code events, as mail subjects.
  user_register: 'Member registration',
  user_retrieve_pwd: 'Password retrieval',
  user_email_verify: 'Identity verification',
  user_mobile_verify: 'Identity verification',
  user_change_email: 'Change of e-mail',
  user_change_mobile: 'Change of mobile number',
};

/**
 * English texts for the few keys that are labels rather than English sentences (menu-rule
 * remarks). Every other key is its own English text.
 */
export const en: Record<string, string> = {
  'Remark lang': 'To keep the system safe, please operate with care.',
  // Verification-code events, as mail subjects.
  user_register: 'Member registration',
  user_retrieve_pwd: 'Password retrieval',
  user_email_verify: 'Identity verification',
  user_mobile_verify: 'Identity verification',
  user_change_email: 'Change of e-mail',
  user_change_mobile: 'Change of mobile number',
};

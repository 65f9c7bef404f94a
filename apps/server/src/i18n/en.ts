/**
 * English texts for the few keys that are labels rather than English sentences (menu-rule
 * remarks). Every other key is its own English text.
 */
export const en: Record<string, string> = {
  'Remark lang': 'To keep the system safe, please operate with care.',
};

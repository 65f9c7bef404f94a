/** Server messages: keys are English sentences, translated for the reader's language. */
export { type Lang, translate } from '../../../apps/server/src/i18n/index.js';
/**
 * Seeded labels in the reader's language: rows the install data stores in Chinese are shown
 * in English while they still hold the seeded label. The data-security rules are seeded by
 * the core's install data, so their names live here with the menu titles.
 */
/**
 * Labels the install data stores in Chinese, shown in the reader's language while a row still
 * holds the seeded text: member groups by id, member rules by name.
 */
export {
  ADMIN_RULE_TITLES,
  MEMBER_GROUP_NAMES,
  MEMBER_RULE_TITLES,
  RECYCLE_RULE_NAMES,
  SENSITIVE_FIELD_LABELS,
  SENSITIVE_RULE_NAMES,
  type SeededTitles,
} from '../../../apps/server/src/i18n/seeded-titles.js';

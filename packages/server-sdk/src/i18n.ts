/** Server messages: keys are English sentences, translated for the reader's language. */
export { type Lang, translate } from '../../../apps/server/src/i18n/index.js';
/**
 * Labels the install data stores in Chinese, shown in the reader's language while a row still
 * holds the seeded text: member groups by id, member rules by name.
 */
export { MEMBER_GROUP_NAMES, MEMBER_RULE_TITLES } from '../../../apps/server/src/i18n/seeded-titles.js';

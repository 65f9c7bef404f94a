/** Server messages: keys are English sentences, translated for the reader's language. */
export { type Lang, translate } from '../../../apps/server/src/i18n/index.js';

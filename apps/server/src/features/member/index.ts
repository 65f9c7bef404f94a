/**
 * What the member feature offers other features: the member password check that sending a
 * code to the member's own address asks for.
 */
export { memberPasswordMatches } from './member-password.js';

/**
 * What the member feature offers other features: the money format of the wire (cents to a
 * 2-decimal string), which balance logs, the members list and store orders must show alike,
 * and the member password check that sending a code to the member's own address asks for.
 */
export { centsToString } from './member-info.js';
export { memberPasswordMatches } from './member-password.js';

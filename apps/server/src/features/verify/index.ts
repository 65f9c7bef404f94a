/**
 * What the verify feature offers other features: its channels (e-mail, SMS) and whether each
 * is usable now. Registration, the member account and the dashboard ask this to show or accept
 * only the channels the site can really send a code through; sending and checking codes stays here.
 */
export { CHANNELS, channelAvailable, sendCodeCaptchaOn, verificationChannels } from './channels.js';

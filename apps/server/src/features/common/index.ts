/**
 * What the common feature offers other features: the sign-in input pieces (password rule,
 * captcha fields and check) that the administrator, member and send-code forms share, so the
 * three forms cannot drift apart.
 */
export { captchaFields, checkLoginCaptcha, loginPassword } from './login-input.js';

/**
 * Which request keys carry secrets, judged word by word.
 *
 * A key is split into words at every case change (`apiKey`, `AccessKeySecret`), separator
 * (`smtp_pass`, `x-api-key`, `row.pass`), PHP bracket (`row[smtp_pass]`) and letter→digit
 * step (`pass2`). The key is secret when one of its words, or that word without a plural
 * `s`, is a secret word, or contains a fragment no harmless word contains. Matching words
 * rather than letters keeps `keyword`, `monkey`, `passage` and `keepalive` readable while
 * `smtp_pass`, `apiKey`, `access_key_secret` and `captchaId` are masked.
 *
 * When in doubt the rule masks: a harmless value hidden in the log costs a little
 * readability, a leaked secret costs the account. The only exceptions made are `key` after
 * a word that makes it a name (`primary_key`, `sortKey`), and `code`, which is only a
 * secret when it is a verification code (see `isVerificationCodeKey`).
 */

/** Whole words that mark a secret. */
const SECRET_WORDS = new Set([
  'pass',
  'passwd',
  'password',
  'passphrase',
  'pwd',
  'secret',
  'token',
  'salt',
  'captcha',
  'key',
  'signature',
  'sign',
  'credential',
  'authorization',
  'cookie',
  'session',
  'sessionid',
  'otp',
  'pin',
  'vcode',
  // The terminal stream's single-use pass.
  'ticket',
]);

/**
 * Fragments that mark a secret even inside one long lowercase word (`newpassword`,
 * `appsecret`, `accesstoken`, `smtppass`, `apikey`, `accesskeyid`). False hits such as
 * `secretary` or `bypass` are harmless values masked.
 */
const SECRET_FRAGMENT =
  /password|passwd|passphrase|pass$|pwd|secret|token|captcha|credential|(?:api|app|access|private|secret|sign|auth|client|master|encrypt)keys?(?:id)?$|(?:sms|email|mail|verify|auth|check)code$/;

/**
 * A `key` right after one of these names something (`primary_key`, `sortKey`). Words that
 * could be a container in bracket notation (`row[key]`, `item[key]`) are left out on purpose.
 */
const NAMING_KEY_QUALIFIERS = new Set([
  'primary',
  'foreign',
  'unique',
  'sort',
  'order',
  'cache',
  'shortcut',
  'hot',
  'i18n',
]);

/** Words that make a `code` a verification code (`sms_code`, `emailCode`, `verify_code`, `v_code`). */
const VERIFICATION_CODE_QUALIFIERS = new Set([
  'v',
  'verify',
  'verification',
  'sms',
  'email',
  'ems',
  'mail',
  'mobile',
  'phone',
  'otp',
  'totp',
  'mfa',
  '2fa',
  'auth',
  'login',
  'security',
  'check',
  'confirm',
  'confirmation',
  'activation',
  'activate',
  'reset',
  'captcha',
  'one',
]);

/** A bare `code` value shaped like a one-time code (the site sends 6 digits; captchas are 4–6 characters). */
const ONE_TIME_CODE = /^[0-9A-Za-z]{4,8}$/;

/** `code`, also as the last bracket segment of a key that qs left unparsed (`row[code]`). */
const BARE_CODE = /(?:^|[[.])codes?]?$/i;

/** Settings that hold a whole gateway URL, whose credentials can sit anywhere in it. */
const GATEWAY_WORDS = new Set(['sms', 'gateway', 'webhook', 'hook']);
const URL_WORDS = new Set(['url', 'uri', 'endpoint', 'dsn', 'webhook', 'hook', 'link', 'address', 'addr']);

export function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])([0-9])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function isSecretWord(word: string, previous: string | undefined): boolean {
  const singular = word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;
  if (singular === 'key' && previous !== undefined && NAMING_KEY_QUALIFIERS.has(previous)) return false;
  return SECRET_WORDS.has(word) || SECRET_WORDS.has(singular) || SECRET_FRAGMENT.test(word);
}

/** Secret by its name alone (every rule except the bare `code` judged by its value). */
export function isSecretKey(key: string): boolean {
  const words = keyWords(key);
  return words.some((word, i) => isSecretWord(word, words[i - 1])) || isVerificationCodeKey(words);
}

function isVerificationCodeKey(words: string[]): boolean {
  const at = words.findIndex((word) => word === 'code' || word === 'codes');
  return at >= 0 && words.some((word, i) => i !== at && VERIFICATION_CODE_QUALIFIERS.has(word));
}

/**
 * A bare `code` is a verification code on a sign-in or code route, or when its value has the
 * shape of one; elsewhere (`code: 'zh-cn'`, an area code named otherwise) it stays readable.
 */
export function isVerificationCode(key: string, value: unknown, verificationRoute: boolean): boolean {
  if (!BARE_CODE.test(key)) return false;
  if (verificationRoute) return true;
  return (typeof value === 'string' || typeof value === 'number') && ONE_TIME_CODE.test(String(value).trim());
}

/** `sms_http_url`, `gateway_url`, `webhook`: a URL template whose every part may hold a credential. */
export function isGatewayUrlKey(key: string): boolean {
  const words = keyWords(key);
  return words.some((word) => GATEWAY_WORDS.has(word)) && words.some((word) => URL_WORDS.has(word));
}

/** Actions where a bare `code` is a verification code: sign-in, second factor, registration, code sending and checking. */
const VERIFICATION_ACTION =
  /login|logon|signin|register|verif|send|code|captcha|retrieve|reset|otp|mfa|2fa|factor/i;

/** Whether the request at `url` (`/admin/<controller>/<action>?…`) is a verification route. */
export function isVerificationRoute(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const action = path.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return VERIFICATION_ACTION.test(action);
}

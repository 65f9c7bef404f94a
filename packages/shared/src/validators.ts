/**
 * Input rules shared by the server and the web app, so both refuse the same input with
 * the same message. Each rule answers `true` or the English message key to show.
 */

/** 6–32 characters and none of & < > " ' (nor line breaks). */
export const PASSWORD_PATTERN = /^(?!.*[&<>"'\r\n]).{6,32}$/;
/** Starts with a letter, then letters, digits or _; 3–16 long in total. */
export const ACCOUNT_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{2,15}$/;
/** Mainland China mobile number. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
export const VARIABLE_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
/**
 * The one nickname rule of every form (member profile, administrator forms for members and
 * administrators): once trimmed, 1–50 characters of letters of any script with their
 * combining marks, digits, the punctuation names are written with (_ - . ' and the
 * typographic ’, the middle dots · and ・ of transliterated names), and spaces between words.
 * No control characters, no < > & " or other symbols, nothing that could be read as markup.
 */
const NICKNAME_CHARACTERS = "[\\p{L}\\p{M}\\p{N}_.'’·・-]+";
export const NICKNAME_PATTERN = new RegExp(`^${NICKNAME_CHARACTERS}(?: +${NICKNAME_CHARACTERS})*$`, 'u');
export const NICKNAME_MAX_LENGTH = 50;
export const CAPTCHA_LENGTH = { min: 4, max: 6 } as const;

export const MESSAGES = {
  password: 'Please input correct password',
  account: 'Please input correct account name',
  mobile: 'Please enter the correct mobile number',
  email: 'Please enter the correct email address',
  nickname: "Please enter a nickname of up to 50 letters, digits, spaces and _ - . ' ·",
  variableName: 'Please enter the correct variable name',
  number: 'Please enter the correct number',
  integer: 'Please enter the correct integer',
  url: 'Please enter the correct URL',
  required: 'Required',
} as const;

export type Rule = (value: string) => true | string;

export const isPassword: Rule = (v) => PASSWORD_PATTERN.test(v) || MESSAGES.password;
export const isAccount: Rule = (v) => ACCOUNT_PATTERN.test(v) || MESSAGES.account;
export const isMobile: Rule = (v) => MOBILE_PATTERN.test(v) || MESSAGES.mobile;
export const isEmail: Rule = (v) => (v.length <= 50 && EMAIL_PATTERN.test(v)) || MESSAGES.email;
/** Judges the trimmed value, as the server trims a nickname before it checks it. */
export const isNickname: Rule = (v) => {
  const trimmed = v.trim();
  return (trimmed.length <= NICKNAME_MAX_LENGTH && NICKNAME_PATTERN.test(trimmed)) || MESSAGES.nickname;
};
export const isVariableName: Rule = (v) => VARIABLE_NAME_PATTERN.test(v) || MESSAGES.variableName;
export const isNumber: Rule = (v) => (v.trim() !== '' && Number.isFinite(Number(v))) || MESSAGES.number;
export const isInteger: Rule = (v) => /^-?\d+$/.test(v.trim()) || MESSAGES.integer;
/** An http(s) address or a path of this site. */
export const isUrl: Rule = (v) => /^(https?:\/\/|\/)\S+$/i.test(v.trim()) || MESSAGES.url;

/** The rules a form or config item may name, by name. */
export const RULES_BY_NAME = {
  email: isEmail,
  mobile: isMobile,
  account: isAccount,
  password: isPassword,
  number: isNumber,
  integer: isInteger,
  float: isNumber,
  url: isUrl,
  varName: isVariableName,
  nickname: isNickname,
} satisfies Record<string, Rule>;

/**
 * Masks secrets wherever the admin log records a request: the request data at any depth,
 * URLs inside it, and the logged URL's query string. Used by the recorder for new entries
 * and by migration 0006 for the entries written before. Which keys are secret is decided
 * in `secret-keys.ts`.
 *
 * Masking returns the very value it was given when there was nothing to mask, so the
 * migration can tell which rows it must rewrite. It is idempotent: masked data masks to
 * itself.
 */
import { isGatewayUrlKey, isSecretKey, isVerificationCode, isVerificationRoute } from './secret-keys.js';

export const MASK = '***';
/** The admin_log.url column's length. */
export const URL_COLUMN_LENGTH = 1500;
/** Deeper than this (qs stops at 5), a value is masked whole rather than walked. */
const MAX_DEPTH = 10;

export interface MaskContext {
  /** A sign-in or code route, where a bare `code` is a verification code whatever its value. */
  verificationRoute: boolean;
}

/** Keys that name the entry of a labelled pair (`{key: 'smtp_pass', value: …}`), and keys holding its value. */
const LABEL_KEYS = ['key', 'name', 'field'];
const VALUE_KEYS = new Set(['value', 'val']);

/** `scheme://` or a rooted path with a query: strings that may carry credentials as a URL does. */
const URL_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/[^\s?]*\?)/i;

export function maskContextFor(url: string): MaskContext {
  return { verificationRoute: isVerificationRoute(url) };
}

export function maskSecrets(value: unknown, context: MaskContext = { verificationRoute: false }): unknown {
  return walk(value, context, 0);
}

/** The request data of the entry for `url`, masked. */
export function maskLoggedData(data: unknown, url: string): unknown {
  return maskSecrets(data, maskContextFor(url));
}

/** The URL as the admin log keeps it: query secrets masked, then cut to the column's length. */
export function maskLoggedUrl(url: string): string {
  const masked = maskUrl(url, maskContextFor(url));
  return masked.length > URL_COLUMN_LENGTH ? masked.slice(0, URL_COLUMN_LENGTH) : masked;
}

/**
 * Stored `data` text of an entry (JSON as the recorder writes it), masked; the same string
 * when nothing changed. Text that is not JSON cannot be masked piece by piece with any
 * certainty, so when it names a secret anywhere it is replaced whole.
 */
export function maskStoredData(text: string | null, url: string): string | null {
  if (text === null || text === '') return text;
  const context = maskContextFor(url);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return namesSecret(text, context) ? MASK : text;
  }
  const masked = maskSecrets(parsed, context);
  return masked === parsed ? text : JSON.stringify(masked);
}

/** Userinfo and secret query parameters of a URL (absolute, or a path with a query) masked. */
export function maskUrl(url: string, context: MaskContext): string {
  const hash = url.indexOf('#');
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  // An OAuth-style fragment (`#access_token=…`) is a query string too.
  const fragment = hash < 0 ? '' : `#${maskQuery(url.slice(hash + 1), context)}`;
  const question = beforeHash.indexOf('?');
  const head = question < 0 ? beforeHash : beforeHash.slice(0, question);
  const query = question < 0 ? '' : `?${maskQuery(beforeHash.slice(question + 1), context)}`;
  return maskUserinfo(head) + query + fragment;
}

function walk(value: unknown, context: MaskContext, depth: number): unknown {
  if (typeof value === 'string') return URL_LIKE.test(value) ? maskUrl(value, context) : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return MASK;
  if (Array.isArray(value)) {
    const items = value.map((item) => walk(item, context, depth + 1));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  const label = pairLabel(value as Record<string, unknown>);
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    let masked: unknown;
    if (label !== undefined && LABEL_KEYS.includes(key)) masked = item;
    else if (label !== undefined && VALUE_KEYS.has(key)) masked = maskEntry(label, item, context, depth);
    else masked = maskEntry(key, item, context, depth);
    if (masked !== item) changed = true;
    return [key, masked] as const;
  });
  return changed ? Object.fromEntries(entries) : value;
}

/**
 * The value under `key`, masked whole when the key is secret. Two values stay readable even
 * then, as they hold no secret and tell the auditor something: an empty value ("left
 * blank", which for the SMTP password means "unchanged") and a boolean (a switch such as
 * `admin_login_captcha` turned off).
 */
function maskEntry(key: string, value: unknown, context: MaskContext, depth: number): unknown {
  if (value === '' || value === null || value === undefined || typeof value === 'boolean') return value;
  if (isSecretKey(key) || isVerificationCode(key, value, context.verificationRoute)) return MASK;
  if (isGatewayUrlKey(key) && typeof value === 'string') return gatewayOrigin(value);
  return walk(value, context, depth + 1);
}

/**
 * The label of a pair-shaped object (`{key|name|field: string, value|val: …}`): the label is
 * a name and stays readable, and the value is judged as if it stood under that name.
 */
function pairLabel(value: Record<string, unknown>): string | undefined {
  if (!Object.keys(value).some((key) => VALUE_KEYS.has(key))) return undefined;
  const labelKey = LABEL_KEYS.find((key) => typeof value[key] === 'string');
  return labelKey === undefined ? undefined : (value[labelKey] as string);
}

/**
 * A gateway URL template keeps only its scheme and host: gateways put their credentials in
 * the userinfo, the path (`/bot<token>/send`), or query parameters of any name (`p=`,
 * `sig=`), so nothing past the host can be shown safely, while the host still tells an
 * auditor which gateway was configured. A value that is no URL is masked whole.
 */
function gatewayOrigin(value: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)(?:[^/?#]*@)?([^/?#]*)(.*)$/is.exec(value.trim());
  if (!match) return MASK;
  const [, scheme = '', host = '', rest = ''] = match;
  return `${scheme}${host}${rest === '' ? '' : `/${MASK}`}`;
}

function maskUserinfo(head: string): string {
  // Greedy up to the last '@' before the path: a password may hold an unencoded '@'.
  return head.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/]*@/i, `$1${MASK}@`);
}

/** `a=1&password=x` → `a=1&password=***`; untouched pairs keep their exact original text. */
function maskQuery(query: string, context: MaskContext): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const rawKey = pair.slice(0, eq);
      const value = decodeComponent(pair.slice(eq + 1));
      const masked = maskEntry(decodeComponent(rawKey), value, context, 0);
      if (masked === value) return pair;
      return `${rawKey}=${encodeURIComponent(String(masked))}`;
    })
    .join('&');
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** Whether text that is not JSON names a secret key as a JSON member or a form field. */
function namesSecret(text: string, context: MaskContext): boolean {
  const names = [
    ...Array.from(text.matchAll(/"((?:[^"\\]|\\.)*)"\s*:/g), (match) => match[1] ?? ''),
    ...Array.from(text.matchAll(/(?:^|[\s&?;,])([^\s=&?;,]+)=/g), (match) => decodeComponent(match[1] ?? '')),
  ];
  return names.some(
    (name) =>
      isSecretKey(name) ||
      isGatewayUrlKey(name) ||
      isVerificationCode(name, '0000', context.verificationRoute),
  );
}

/** `!` escapes LIKE wildcards on every dialect alike (a backslash means different things in MySQL strings). */
export function escapeLike(value: string): string {
  return value.replace(/[!%_]/g, (c) => `!${c}`);
}

/**
 * Whether ignoring case can change what `pattern` matches: it holds a character with a case
 * (a letter that has an upper or lower form) or a combining mark, which lower-casing a value
 * can produce (`İ` is `i` and a combining dot). Digits, punctuation and Chinese have no case: a
 * search for an IP, a phone number or `会员管理` matches the same rows either way, and
 * PostgreSQL's ILIKE costs three times its LIKE a row (30,000 log entries walked: 60 ms, 19 ms).
 */
export function caseMatters(pattern: string): boolean {
  return [...pattern].some((c) => c.toLowerCase() !== c || c.toUpperCase() !== c || /\p{M}/u.test(c));
}

/** `!` escapes LIKE wildcards on every dialect alike (a backslash means different things in MySQL strings). */
export function escapeLike(value: string): string {
  return value.replace(/[!%_]/g, (c) => `!${c}`);
}

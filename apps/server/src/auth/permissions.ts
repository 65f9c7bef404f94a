/**
 * The permission engine. An account's groups grant rule ids; `*` in any enabled group
 * makes a super account. A permission key (`auth/admin/edit`) is granted when an enabled
 * rule of that name is among the account's rules. Names compare case-insensitively.
 */
export interface Grants {
  super: boolean;
  /** Enabled rule ids the account holds (every enabled rule for super accounts). */
  ruleIds: ReadonlySet<number>;
  /** Lower-cased names of those rules. */
  ruleNames: ReadonlySet<string>;
}

export function can(grants: Grants, key: string): boolean {
  return grants.super || grants.ruleNames.has(key.toLowerCase());
}

/** Parses a group's `rules` column: '*' or a comma list of ids. */
export function parseRuleList(rules: string | null): { all: boolean; ids: number[] } {
  const text = (rules ?? '').trim();
  if (text === '*') return { all: true, ids: [] };
  const ids = text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
  return { all: false, ids };
}

/** Unions the rule lists of several groups. */
export function mergeRuleLists(lists: readonly (string | null)[]): { all: boolean; ids: Set<number> } {
  const ids = new Set<number>();
  let all = false;
  for (const list of lists) {
    const parsed = parseRuleList(list);
    all ||= parsed.all;
    for (const id of parsed.ids) ids.add(id);
  }
  return { all, ids };
}

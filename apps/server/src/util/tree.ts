/** Nesting of pid-linked rows (menu rules, groups) into trees. */
export type TreeNode<T> = T & { children?: TreeNode<T>[] };

/**
 * Nests rows under their parents. Roots are rows whose pid is not among the ids (so a
 * subset of a tree still shows); `children` appears only on nodes that have children.
 * Row order is kept within each level.
 */
export function buildTree<T extends { id: number; pid: number | null }>(rows: readonly T[]): TreeNode<T>[] {
  const ids = new Set(rows.map((row) => row.id));
  const byParent = new Map<number, T[]>();
  for (const row of rows) {
    const pid = row.pid ?? 0;
    const siblings = byParent.get(pid) ?? [];
    siblings.push(row);
    byParent.set(pid, siblings);
  }
  const nest = (row: T, seen: Set<number>): TreeNode<T> => {
    const children = seen.has(row.id) ? [] : (byParent.get(row.id) ?? []);
    if (children.length === 0) return { ...row };
    const next = new Set(seen).add(row.id);
    return { ...row, children: children.map((child) => nest(child, next)) };
  };
  return rows
    .filter((row) => !ids.has(row.pid ?? 0) || row.pid === row.id)
    .map((row) => nest(row, new Set()));
}

/** Every id below `id` in a pid-linked set of rows. */
export function descendantIds(rows: readonly { id: number; pid: number | null }[], id: number): Set<number> {
  const found = new Set<number>();
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const row of rows) {
      if (row.pid === current && !found.has(row.id) && row.id !== id) {
        found.add(row.id);
        queue.push(row.id);
      }
    }
  }
  return found;
}

export type TreeRow = { id: number; pid: number | null } & Record<string, unknown>;

/**
 * A tree flattened for a select box, in tree order, with the label indented by
 * box-drawing prefixes ("├", "└", "│") as the original shows parent choices.
 */
export function treeOptions(tree: readonly TreeNode<TreeRow>[], label: string): TreeRow[] {
  const options: TreeRow[] = [];
  const walk = (nodes: readonly TreeNode<TreeRow>[], prefix: string, depth: number) => {
    nodes.forEach((node, index) => {
      const last = index === nodes.length - 1;
      const marker = depth === 0 ? '' : `${prefix}${last ? '└' : '├'}`;
      const { children, ...row } = node;
      options.push({ ...row, [label]: `${marker}${String(node[label] ?? '')}` });
      if (children) walk(children, depth === 0 ? '    ' : `${prefix}${last ? '    ' : '│   '}`, depth + 1);
    });
  };
  walk(tree, '', 0);
  return options;
}

/**
 * A permission tree of menu rules (admin or member). A parent checks all its children; the
 * value holds the checked rules plus half-checked parents, as the server expects; `*`
 * checks everything.
 */
import { Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { createAxios } from '../../api/request';

interface RuleNode {
  id: number;
  title: string;
  children?: RuleNode[];
}

/**
 * The permission tree. A parent checks all its children; the submitted value holds the
 * checked rules plus half-checked parents, as the server expects. `*` checks everything.
 */
export function RuleTree({
  url,
  value,
  onChange,
}: {
  /** The rule tree's index, e.g. /admin/auth.Rule/index. */
  url: string;
  value?: number[] | string;
  onChange?(value: number[]): void;
}) {
  const [rules, setRules] = useState<RuleNode[]>([]);
  useEffect(() => {
    createAxios<{ list: RuleNode[] }>({ url, method: 'get' })
      .then(({ data }) => setRules(data.list))
      .catch(() => {});
  }, [url]);
  const treeData = useMemo(() => toTreeData(rules), [rules]);
  const allIds = useMemo(() => flatIds(rules), [rules]);
  const checked = value === '*' ? allIds : Array.isArray(value) ? value.map(Number) : [];
  if (rules.length === 0) return null;
  return (
    <Tree
      checkable
      defaultExpandAll
      selectable={false}
      treeData={treeData}
      checkedKeys={checked}
      onCheck={(keys, info) => {
        const full = (Array.isArray(keys) ? keys : keys.checked).map(Number);
        const half = (info.halfCheckedKeys ?? []).map(Number);
        onChange?.([...full, ...half]);
      }}
    />
  );
}

function toTreeData(
  nodes: RuleNode[],
): { key: number; title: string; children: ReturnType<typeof toTreeData> }[] {
  return nodes.map((node) => ({
    key: node.id,
    title: node.title,
    children: toTreeData(node.children ?? []),
  }));
}

function flatIds(nodes: RuleNode[]): number[] {
  return nodes.flatMap((node) => [node.id, ...flatIds(node.children ?? [])]);
}

/** Recorded data (request bodies, deleted rows) shown as a tree of `key: value` nodes. */
export interface DataNode {
  key: string;
  title: string;
  children?: DataNode[];
}

export function dataTree(value: unknown, path = 'root'): DataNode[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).map(([key, child]) => {
    const nested = child !== null && typeof child === 'object';
    return {
      key: `${path}.${key}`,
      title: nested ? key : `${key}: ${String(child)}`,
      ...(nested ? { children: dataTree(child, `${path}.${key}`) } : {}),
    };
  });
}

/** JSON text decoded, anything else as it is. */
export function parseJson(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

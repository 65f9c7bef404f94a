/**
 * The `city` input: a cascader that loads each level when it is opened (provinces, then
 * cities, then districts) from the area endpoint, up to `level` levels (default 3).
 */
import { Cascader } from 'antd';
import { useEffect, useState } from 'react';
import { areaOptions } from './area-options';

interface Option {
  value: number;
  label: string;
  isLeaf?: boolean;
  children?: Option[];
}

async function children(path: number[], level: number): Promise<Option[]> {
  const data = await areaOptions(path);
  return data.map((option) => ({ ...option, isLeaf: path.length + 1 >= level }));
}

export function CityInput({
  id,
  value,
  onChange,
  level = 3,
}: {
  /** From the form item: its label names the cascader (for screen readers, and a click on it focuses). */
  id?: string;
  value?: (number | string)[] | string;
  onChange?(value: (number | string)[]): void;
  level?: number;
}) {
  const [options, setOptions] = useState<Option[]>([]);
  const current = (Array.isArray(value) ? value : value ? value.split(',') : []).map(Number);
  // Ids come back as text when they went in as text (config values are stored as text).
  const asText = Array.isArray(value) ? typeof value[0] === 'string' : typeof value === 'string';

  // The current value's levels are loaded up front so the cascader can show their names.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once.
  useEffect(() => {
    const load = async () => {
      const root = await children([], level);
      let levelOptions = root;
      for (let depth = 0; depth < current.length - 1; depth++) {
        const parent = levelOptions.find((o) => o.value === current[depth]);
        if (!parent) break;
        parent.children = await children(current.slice(0, depth + 1), level);
        levelOptions = parent.children;
      }
      setOptions(root);
    };
    load().catch(() => {});
  }, []);

  return (
    <Cascader
      id={id}
      allowClear
      style={{ width: '100%' }}
      options={options}
      value={current}
      changeOnSelect={false}
      loadData={(selected) => {
        const target = selected[selected.length - 1] as Option | undefined;
        if (!target) return;
        void children(
          selected.map((o) => Number(o.value)),
          level,
        ).then((list) => {
          target.children = list;
          setOptions((o) => [...o]);
        });
      }}
      onChange={(next) => onChange?.((next ?? []).map((v) => (asText ? String(v) : Number(v))))}
    />
  );
}

/**
 * The area endpoint's levels, as the city cascader loads them: the provinces, the cities of a
 * province, the districts of a city. And the names of a stored city value (its area ids,
 * "110000,110100,110101"), for a list cell: each level read once and shared by every row.
 */
import { AdminController, adminUrl } from '@portico/shared';
import { createAxios } from '../../api/request';

export interface AreaOption {
  value: number;
  label: string;
}

/** The options under `path`: [] the provinces, [province] its cities, [province, city] its districts. */
export async function areaOptions(path: number[]): Promise<AreaOption[]> {
  const [province, city] = path;
  const { data } = await createAxios<AreaOption[]>(
    { url: adminUrl(AdminController.ajax, 'area'), method: 'get', params: { province, city } },
    { cancelDuplicateRequest: false },
  );
  return data;
}

/** Levels already asked for, by their path, kept while the app is open: the area table does not change. */
const levels = new Map<string, Promise<AreaOption[]>>();

function cachedLevel(path: number[]): Promise<AreaOption[]> {
  const key = path.join(',');
  let level = levels.get(key);
  if (!level) {
    level = areaOptions(path);
    // A failed request is asked again by the next cell, not remembered.
    level.catch(() => levels.delete(key));
    levels.set(key, level);
  }
  return level;
}

/**
 * The names of a stored city value's ids, level by level; an id its level does not hold (or
 * below one) stays as stored.
 */
export async function areaNames(stored: string): Promise<string[]> {
  const ids = stored.split(',').filter(Boolean);
  const names: string[] = [];
  let known = true;
  for (const [depth, id] of ids.entries()) {
    const options: AreaOption[] = known ? await cachedLevel(ids.slice(0, depth).map(Number)) : [];
    const found = options.find((option) => String(option.value) === id);
    known = found !== undefined;
    names.push(found?.label ?? id);
  }
  return names;
}

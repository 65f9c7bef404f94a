/**
 * Modules' web entries found by Vite's glob: the content area's page is served at the
 * component path its menu rule names, its public pages join the route table, and its texts
 * come from its own language packs.
 */
import { expect, it } from 'vitest';
import {
  moduleLangPacks,
  modulePages,
  modulePublicRoutes,
  moduleSlotParts,
  WEB_MODULES,
} from '../src/module-contract/registry';
import { backendView, hasBackendView } from '../src/views/backend/registry';

// The path the content area's menu rule stores, in the original's form.
const CONTENT_PAGE = '/src/views/backend/content/content/index.vue';

it('finds the module entries and their pages by component path', async () => {
  expect(WEB_MODULES.map((m) => m.uid)).toContain('content');
  expect(Object.keys(modulePages('/src/views/backend/'))).toContain(CONTENT_PAGE);
  expect(Object.keys(modulePages('/src/views/frontend/user/'))).not.toContain(CONTENT_PAGE);
  expect(hasBackendView(CONTENT_PAGE)).toBe(true);
  expect(backendView(CONTENT_PAGE)).not.toBeNull();
  // A rule typed with Portico's ending opens the same page.
  expect(backendView(CONTENT_PAGE.replace(/\.vue$/, '.tsx'))).toBe(backendView(CONTENT_PAGE));
  const page = await modulePages('/src/views/backend/')[CONTENT_PAGE]?.();
  expect(typeof page?.default).toBe('function');
});

it('loads each module language pack in both languages', async () => {
  // Found by namespace: installed modules' packs come first when their uid sorts before 'content'.
  const zh = (await moduleLangPacks('zh-cn')).find((pack) => pack['content.content']);
  const en = (await moduleLangPacks('en')).find((pack) => pack['content.content']);
  expect(zh?.['content.content']?.article).toBe('文章');
  expect(en?.['content.content']?.article).toBe('Article');
});

it("adds the modules' public pages to the route table", () => {
  const paths = modulePublicRoutes().map((route) => route.path);
  expect(paths).toEqual(expect.arrayContaining(['/article/:id', '/page/:id']));
});

it("fills the administrator profile's card slot with the sessions card first, then the two-factor card", async () => {
  // The registry lists entries in the glob's order: areas/sessions before areas/two-factor.
  const parts = moduleSlotParts('admin-profile.cards');
  const cards = await Promise.all(parts.map((load) => load()));
  expect(cards.map((card) => card.default.name)).toEqual(['AdminSessionsCard', 'TwoFactorCard']);
});

it("fills the member profile's card slot with the sessions card", async () => {
  const parts = moduleSlotParts('member-profile.cards');
  const cards = await Promise.all(parts.map((load) => load()));
  expect(cards.map((card) => card.default.name)).toEqual(['MemberSessionsCard']);
});

/** Member rules → the member centre's pages, aside groups, header links and user-menu entries. */
import type { MemberRule } from '@portico/shared';
import { expect, it } from 'vitest';
import { buildMemberRoutes, firstMemberPage } from '../src/stores/member-routes';

const VIEW = '/src/views/frontend/user/account/';
const exists = (component: string) => component.startsWith(VIEW);

function rule(fields: Partial<MemberRule> & Pick<MemberRule, 'id' | 'type' | 'path'>): MemberRule {
  return {
    pid: 0,
    title: fields.path,
    name: fields.path,
    icon: '',
    menu_type: 'tab',
    url: '',
    component: '',
    extend: 'none',
    ...fields,
  };
}

const menus = [
  rule({
    id: 1,
    type: 'menu_dir',
    path: 'account',
    children: [
      rule({ id: 2, type: 'menu', path: 'account/overview', component: `${VIEW}overview.vue` }),
      rule({ id: 3, type: 'menu', path: 'account/missing', component: '/src/views/elsewhere.vue' }),
      rule({
        id: 4,
        type: 'menu',
        path: 'account/hidden',
        component: `${VIEW}hidden.vue`,
        extend: 'add_rules_only',
      }),
    ],
  }),
  rule({ id: 9, type: 'menu_dir', path: 'empty', children: [] }),
];
const rules = [
  rule({ id: 5, type: 'nav', path: 'docs', menu_type: 'link', url: 'https://example.com/docs' }),
  rule({ id: 6, type: 'nav_user_menu', path: 'wallet', component: `${VIEW}wallet.vue` }),
  rule({ id: 7, type: 'route', path: 'account/detail', component: `${VIEW}detail.tsx` }),
  rule({ id: 8, type: 'nav', path: 'news', menu_type: 'iframe', url: 'https://example.com/news' }),
];

it('registers pages, menus or not, keeps hidden pages routable, and marks those this version lacks', () => {
  const built = buildMemberRoutes(menus, rules, exists);
  expect([...built.pages.keys()].sort()).toEqual([
    '/user/account/detail',
    '/user/account/hidden',
    '/user/account/missing',
    '/user/account/overview',
    '/user/wallet',
  ]);
  expect(built.pages.get('/user/account/overview')?.available).toBe(true);
  // Opened, it says the page is not available rather than showing nothing.
  expect(built.pages.get('/user/account/missing')?.available).toBe(false);
});

it('groups the aside by directory, leaving out hidden, missing and empty entries', () => {
  const built = buildMemberRoutes(menus, rules, exists);
  expect(built.groups).toEqual([
    { id: 1, title: 'account', items: [expect.objectContaining({ id: 2, path: '/user/account/overview' })] },
  ]);
  expect(firstMemberPage(built)?.path).toBe('/user/account/overview');
});

it('makes header links of nav rules and user-menu entries of nav_user_menu rules', () => {
  const built = buildMemberRoutes(menus, rules, exists);
  expect(built.navs).toEqual([
    expect.objectContaining({ id: 5, path: 'https://example.com/docs', external: true }),
    expect.objectContaining({
      id: 8,
      path: `/user/iframe/${encodeURIComponent('https://example.com/news')}`,
      external: false,
    }),
  ]);
  expect(built.userMenus).toEqual([
    expect.objectContaining({ id: 6, path: '/user/wallet', external: false }),
  ]);
});

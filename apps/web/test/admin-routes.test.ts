/** handleAdminRoute's rules: which rules become pages, menus and permission nodes. */
import type { ServerRule } from '@portico/shared';
import { describe, expect, it } from 'vitest';
import { buildAdminRoutes, firstRoute, iframePath } from '../src/stores/admin-routes';
import { viewRegistry } from '../src/views/view-registry';

let nextId = 1;
const rule = (partial: Partial<ServerRule>): ServerRule => ({
  id: nextId++,
  pid: 0,
  type: 'menu',
  title: 'T',
  name: 'x',
  path: 'x',
  icon: '',
  menu_type: 'tab',
  url: '',
  component: '',
  keepalive: 0,
  extend: 'none',
  ...partial,
});

// Two page files, found as the back-office finds them: by a rule's path with either ending.
const page = async () => ({ default: () => null });
const has = viewRegistry({
  '/src/views/backend/auth/admin/index.tsx': page,
  '/src/views/backend/dashboard.tsx': page,
}).has;

describe('buildAdminRoutes', () => {
  const rules: ServerRule[] = [
    rule({ name: 'dashboard', path: 'dashboard', component: '/src/views/backend/dashboard.vue' }),
    rule({
      type: 'menu_dir',
      name: 'auth',
      path: 'auth',
      menu_type: null,
      children: [
        rule({
          name: 'auth/admin',
          path: 'auth/admin',
          component: '/src/views/backend/auth/admin/index.vue',
          keepalive: 'auth/admin',
          children: [
            rule({ type: 'button', name: 'auth/admin/add' }),
            rule({ type: 'button', name: 'auth/admin/del' }),
          ],
        }),
        rule({ name: 'auth/missing', path: 'auth/missing', component: '/src/views/backend/missing.vue' }),
      ],
    }),
    rule({ type: 'menu_dir', name: 'empty', path: 'empty', menu_type: null, children: [] }),
    rule({ name: 'docs', path: 'docs', menu_type: 'link', url: 'https://example.com/docs' }),
    rule({ name: 'embed', path: 'embed', menu_type: 'iframe', url: 'https://example.com/a b' }),
    rule({
      name: 'hidden',
      path: 'hidden',
      component: '/src/views/backend/dashboard.vue',
      extend: 'add_rules_only',
    }),
    rule({
      name: 'menuonly',
      path: 'menuonly',
      component: '/src/views/backend/dashboard.vue',
      extend: 'add_menu_only',
    }),
  ];
  const built = buildAdminRoutes(rules, has);

  it('routes tab pages, those this version lacks marked unavailable, and iframes under /admin/iframe/', () => {
    expect([...built.routes.keys()].sort()).toEqual(
      [
        '/admin/auth/admin',
        '/admin/auth/missing',
        '/admin/dashboard',
        '/admin/hidden',
        iframePath('https://example.com/a b'),
      ].sort(),
    );
    expect(built.routes.get('/admin/auth/admin')?.available).toBe(true);
    // Opened, it says the page is not available rather than showing nothing.
    expect(built.routes.get('/admin/auth/missing')?.available).toBe(false);
    expect(built.routes.get('/admin/auth/admin')?.keepalive).toBe(true);
    expect(iframePath('https://example.com/a b')).toBe('/admin/iframe/https%3A%2F%2Fexample.com%2Fa%20b');
  });

  it('builds menus without empty directories, missing pages or rules-only entries', () => {
    const paths = (nodes: typeof built.menus): string[] =>
      nodes.flatMap((node) => [node.path || `dir:${node.title}`, ...paths(node.children)]);
    expect(paths(built.menus)).toEqual([
      '/admin/dashboard',
      'dir:T',
      '/admin/auth/admin',
      'https://example.com/docs',
      iframePath('https://example.com/a b'),
      '/admin/menuonly',
    ]);
  });

  it('maps each page to its buttons as page path/action', () => {
    expect(built.authNode.get('/admin/auth/admin')).toEqual([
      '/admin/auth/admin/add',
      '/admin/auth/admin/del',
    ]);
  });

  it('finds the first menu page depth-first, passing over pages this version lacks', () => {
    expect(firstRoute(built.menus, built.routes)?.path).toBe('/admin/dashboard');
    expect(firstRoute(built.menus.slice(1), built.routes)?.path).toBe('/admin/auth/admin');
    const missingFirst = buildAdminRoutes(
      [
        rule({ name: 'gone', path: 'gone', component: '/src/views/backend/gone/index.vue' }),
        rule({ name: 'admins', path: 'admins', component: '/src/views/backend/auth/admin/index.tsx' }),
      ],
      has,
    );
    // Even were a missing page in a menu handed in, it is not where the back-office starts.
    const menus = [
      {
        id: 1,
        title: 'gone',
        icon: '',
        type: 'menu' as const,
        menuType: 'tab' as const,
        path: '/admin/gone',
        children: [],
      },
      ...missingFirst.menus,
    ];
    expect(firstRoute(menus, missingFirst.routes)?.path).toBe('/admin/admins');
  });
});

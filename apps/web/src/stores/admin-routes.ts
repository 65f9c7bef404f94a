/**
 * Turns the menu rules sent by /admin/index/index into what the shell needs (the original's
 * handleAdminRoute): the routable pages, the menu tree and the permission nodes.
 * Pure, so it is tested without a browser.
 */
import type { ServerRule } from '@portico/shared';

export interface PageRoute {
  /** Browser path, e.g. /admin/auth/admin or /admin/iframe/<encoded url>. */
  path: string;
  name: string;
  title: string;
  icon: string;
  menuType: 'tab' | 'iframe';
  /** Component path of a tab page as the rule stores it, e.g. /src/views/backend/auth/admin/index.vue. */
  component: string;
  /** The embedded page of an iframe route. */
  url: string;
  keepalive: boolean;
  /** Whether this version has the page (else it opens as "this page is not available"). */
  available: boolean;
}

export interface MenuNode {
  id: number;
  title: string;
  icon: string;
  type: 'menu_dir' | 'menu';
  menuType: ServerRule['menu_type'];
  /** Route path for tab and iframe menus; the external address for links. */
  path: string;
  children: MenuNode[];
}

export interface AdminRoutes {
  routes: Map<string, PageRoute>;
  menus: MenuNode[];
  /** Page path → the `page path/action` names of the buttons it may show. */
  authNode: Map<string, string[]>;
}

export const ADMIN_BASE = '/admin';

export function iframePath(url: string): string {
  return `${ADMIN_BASE}/iframe/${encodeURIComponent(url)}`;
}

function pagePath(rule: Pick<ServerRule, 'path'>): string {
  return `${ADMIN_BASE}/${rule.path.replace(/^\/+/, '')}`;
}

/** `hasComponent` says whether a component path names an existing view file. */
export function buildAdminRoutes(
  rules: ServerRule[],
  hasComponent: (component: string) => boolean,
): AdminRoutes {
  const routes = new Map<string, PageRoute>();
  const authNode = new Map<string, string[]>();

  const routeOf = (rule: ServerRule): PageRoute | null => {
    if (rule.type !== 'menu') return null;
    if (rule.menu_type === 'iframe' && rule.url) return page(rule, iframePath(rule.url), 'iframe');
    // A page this version lacks still has its address, which says so instead of showing nothing.
    if (rule.menu_type === 'tab' && rule.component)
      return page(rule, pagePath(rule), 'tab', hasComponent(rule.component));
    return null;
  };

  const collect = (nodes: ServerRule[], parentPath: string): void => {
    for (const rule of nodes) {
      if (rule.type === 'button') {
        const list = authNode.get(parentPath) ?? [];
        list.push(`${parentPath}/${rule.name.split('/').pop() ?? rule.name}`);
        authNode.set(parentPath, list);
        continue;
      }
      const route = rule.extend === 'add_menu_only' ? null : routeOf(rule);
      if (route) routes.set(route.path, route);
      collect(rule.children ?? [], rule.type === 'menu' ? pagePath(rule) : parentPath);
    }
  };
  collect(rules, ADMIN_BASE);

  return { routes, menus: menuTree(rules, hasComponent), authNode };
}

function page(rule: ServerRule, path: string, menuType: PageRoute['menuType'], available = true): PageRoute {
  return {
    path,
    name: rule.name,
    title: rule.title,
    icon: rule.icon,
    menuType,
    component: menuType === 'tab' ? rule.component : '',
    url: menuType === 'iframe' ? rule.url : '',
    keepalive: Boolean(rule.keepalive),
    available,
  };
}

function menuTree(rules: ServerRule[], hasComponent: (component: string) => boolean): MenuNode[] {
  const nodes: MenuNode[] = [];
  for (const rule of rules) {
    if (rule.extend === 'add_rules_only') continue;
    if (rule.type === 'menu_dir') {
      const children = menuTree(rule.children ?? [], hasComponent);
      if (children.length > 0) nodes.push(node(rule, '', children));
    } else if (rule.type === 'menu') {
      const path = menuPath(rule, hasComponent);
      if (path !== null) nodes.push(node(rule, path, []));
    }
  }
  return nodes;
}

function menuPath(rule: ServerRule, hasComponent: (component: string) => boolean): string | null {
  switch (rule.menu_type) {
    case 'tab':
      // A page this version lacks stays out of the menu (the seeded CRUD generator's, those of a
      // database taken over from the original); its address still opens, to say so.
      return rule.component && hasComponent(rule.component) ? pagePath(rule) : null;
    case 'link':
      return rule.url || null;
    case 'iframe':
      return rule.url ? iframePath(rule.url) : null;
    default:
      // Unknown menu types stay in the menu; choosing one reports it (as in the original).
      return pagePath(rule);
  }
}

function node(rule: ServerRule, path: string, children: MenuNode[]): MenuNode {
  const type = rule.type === 'menu_dir' ? 'menu_dir' : 'menu';
  return { id: rule.id, title: rule.title, icon: rule.icon, type, menuType: rule.menu_type, path, children };
}

/** Depth-first: the first menu item that leads to a registered page. */
export function firstRoute(menus: MenuNode[], routes: Map<string, PageRoute>): PageRoute | undefined {
  for (const menu of menus) {
    // The first page there is: a missing one only says so.
    if (menu.type === 'menu' && routes.get(menu.path)?.available) return routes.get(menu.path);
    const inChildren = firstRoute(menu.children, routes);
    if (inChildren) return inChildren;
  }
  return undefined;
}

/**
 * Turns the member rules of /api/index/index into the member centre's pages and menus
 * (as in the original): `menus` are the aside's groups of pages, `nav` rules the header
 * links, `nav_user_menu` rules the entries of the header's user menu. Pure, so it is
 * tested without a browser.
 */
import type { MemberRule } from '@portico/shared';

export interface MemberPage {
  path: string;
  title: string;
  component: string;
  /** Whether this version has the page (else it opens as "this page is not available"). */
  available: boolean;
}

export interface MemberLink {
  id: number;
  title: string;
  icon: string;
  /** A member-centre path, or an outside address that opens in a new window. */
  path: string;
  external: boolean;
}

export interface MemberMenuGroup {
  id: number;
  title: string;
  items: MemberLink[];
}

export interface MemberRoutes {
  pages: Map<string, MemberPage>;
  groups: MemberMenuGroup[];
  navs: MemberLink[];
  userMenus: MemberLink[];
}

export const MEMBER_BASE = '/user';

function memberPath(rule: MemberRule): string {
  return `${MEMBER_BASE}/${rule.path.replace(/^\/+/, '')}`;
}

/** Where a rule leads, or null when it leads nowhere this browser can open. */
function target(rule: MemberRule, hasView: (component: string) => boolean): MemberLink | null {
  const link = (path: string, external: boolean) => ({
    id: rule.id,
    title: rule.title,
    icon: rule.icon,
    path,
    external,
  });
  if (rule.menu_type === 'link') return rule.url ? link(rule.url, true) : null;
  if (rule.menu_type === 'iframe')
    return rule.url ? link(`${MEMBER_BASE}/iframe/${encodeURIComponent(rule.url)}`, false) : null;
  return rule.component && hasView(rule.component) ? link(memberPath(rule), false) : null;
}

export function buildMemberRoutes(
  menus: MemberRule[],
  rules: MemberRule[],
  hasView: (component: string) => boolean,
): MemberRoutes {
  const pages = new Map<string, MemberPage>();
  const register = (rule: MemberRule) => {
    if (rule.extend === 'add_menu_only' || rule.menu_type === 'link' || rule.menu_type === 'iframe') return;
    if (rule.type === 'button' || rule.type === 'menu_dir') return;
    // A page this version lacks stays out of the aside, but its address says so instead of showing nothing.
    if (rule.component) {
      const available = hasView(rule.component);
      pages.set(memberPath(rule), {
        path: memberPath(rule),
        title: rule.title,
        component: rule.component,
        available,
      });
    }
  };
  const walk = (nodes: MemberRule[]) => {
    for (const rule of nodes) {
      register(rule);
      walk(rule.children ?? []);
    }
  };
  walk(menus);
  walk(rules);

  const shown = (rule: MemberRule) => rule.extend !== 'add_rules_only';
  const links = (nodes: MemberRule[], type: MemberRule['type']) =>
    nodes
      .filter((rule) => rule.type === type && shown(rule))
      .map((rule) => target(rule, hasView))
      .filter((link): link is MemberLink => link !== null);

  const groups = menus
    .filter((dir) => dir.type === 'menu_dir' && shown(dir))
    .map((dir) => ({ id: dir.id, title: dir.title, items: links(dir.children ?? [], 'menu') }))
    .filter((group) => group.items.length > 0);

  return { pages, groups, navs: links(rules, 'nav'), userMenus: links(rules, 'nav_user_menu') };
}

/** The first page of the aside's menus. */
export function firstMemberPage(routes: MemberRoutes): MemberLink | undefined {
  return routes.groups.flatMap((group) => group.items).find((item) => routes.pages.get(item.path)?.available);
}

/**
 * The menu rules the server sends at start: the administrator's (`/admin/index/index`
 * `menus`) and the member's (`/api/index/index` `rules` and `menus`), as trees. Shared so the
 * server's queries and the web's request layer and router agree on the shape (issue 19).
 */

export interface ServerRule {
  id: number;
  pid: number;
  type: 'menu_dir' | 'menu' | 'button';
  title: string;
  name: string;
  path: string;
  icon: string;
  menu_type: 'tab' | 'link' | 'iframe' | null;
  url: string;
  component: string;
  /** The rule name when the page is kept alive while hidden, else 0. */
  keepalive: string | number;
  extend: 'none' | 'add_rules_only' | 'add_menu_only';
  children?: ServerRule[];
}

export interface MemberRule {
  id: number;
  pid: number;
  type: 'route' | 'menu_dir' | 'menu' | 'nav' | 'nav_user_menu' | 'button';
  title: string;
  name: string;
  path: string;
  icon: string;
  menu_type: 'tab' | 'link' | 'iframe' | null;
  url: string;
  component: string;
  extend: 'none' | 'add_rules_only' | 'add_menu_only';
  children?: MemberRule[];
}

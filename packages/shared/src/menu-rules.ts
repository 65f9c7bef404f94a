/**
 * The menu rules the server sends at start: the administrator's (`/admin/index/index`
 * `menus`) and the member's (`/api/index/index` `rules` and `menus`), as trees. Shared so the
 * server's queries and the web's request layer and router agree on the shape (docs/architecture.md, "Wire contract").
 */

/** What a rule of either tree carries; `type` is the tree's own kinds. */
interface MenuRule<Type extends string> {
  id: number;
  pid: number;
  type: Type;
  title: string;
  name: string;
  path: string;
  icon: string;
  menu_type: 'tab' | 'link' | 'iframe' | null;
  url: string;
  component: string;
  extend: 'none' | 'add_rules_only' | 'add_menu_only';
}

/** A back-office menu rule. */
export interface ServerRule extends MenuRule<'menu_dir' | 'menu' | 'button'> {
  /** The rule name when the page is kept alive while hidden, else 0. */
  keepalive: string | number;
  children?: ServerRule[];
}

/** A member-centre rule. */
export interface MemberRule
  extends MenuRule<'route' | 'menu_dir' | 'menu' | 'nav' | 'nav_user_menu' | 'button'> {
  children?: MemberRule[];
}

/**
 * The menu rules the CRUD generator declares for a table `<dir>_<name>` (as its emit-server.ts
 * writes them into the module's entry), as a module definition: for the tests of rules a module
 * finds already there (a taken-over site's, made by the original's generator).
 */
import { defineModule, type ModuleAdminRule } from '../../src/module-contract/define.js';

export const CRUD_BUTTONS = ['index', 'add', 'edit', 'del', 'sortable', 'export', 'import'];

export function generatedRules(dir: string, name: string): ModuleAdminRule[] {
  const rule = `${dir}/${name}`;
  return [
    {
      type: 'menu_dir',
      title: [dir, dir],
      name: dir,
      path: dir,
      icon: 'fa fa-folder',
      children: [
        {
          type: 'menu',
          title: [name, name],
          name: rule,
          path: rule,
          icon: 'fa fa-th-list',
          component: `/src/views/backend/${rule}/index.vue`,
          menuType: 'tab',
          keepalive: true,
          children: CRUD_BUTTONS.map((action) => ({
            type: 'button' as const,
            title: [action, action] as const,
            name: `${rule}/${action}`,
          })),
        },
      ],
    },
  ];
}

/** A module with only the generator's rules for `<dir>_<name>`. */
export const generatedModule = (dir: string, name: string) =>
  defineModule({ uid: `${dir}_${name}`, version: '1.0.0', adminRules: generatedRules(dir, name) });

/**
 * The module store as a built-in area: any Portico instance publishes modules to other sites
 * (and to itself) through it. Its tables and migrations, back-office resources (categories,
 * modules with their versions, orders), the public catalogue and the members' orders,
 * payments and downloads are declared through the module contract like an installed module's.
 */
import { defineModule, type ModuleAdminRule, provideModulePublisher } from '@portico/server-sdk';
import { registerCategoryResource } from './category.resource.js';
import { registerStoreDownloadRoutes } from './download.routes.js';
import { publishFirstPartyModules } from './first-party.js';
import { STORE_LANG_ZH } from './lang.js';
import { registerModuleResource } from './module.resource.js';
import { registerOrderResource } from './order.resource.js';
import { registerStoreOrderRoutes } from './order.routes.js';
import { registerOriginalStoreRoutes } from './original-api/routes.js';
import { moveLegacyPackages } from './packages.js';
import { registerStorePublicRoutes } from './public.routes.js';
import { removeCopiesOfPublishedPackages } from './public-copies.js';
import { publishPackage } from './publish.js';
import { STORE_TABLES, storeMigrations } from './tables.js';
import { registerVersionResource } from './version.resource.js';

const crudButtons = (base: string, sortable = true): ModuleAdminRule[] => [
  { type: 'button', title: ['查看', 'View'], name: `${base}/index` },
  { type: 'button', title: ['添加', 'Add'], name: `${base}/add` },
  { type: 'button', title: ['编辑', 'Edit'], name: `${base}/edit` },
  { type: 'button', title: ['删除', 'Delete'], name: `${base}/del` },
  ...(sortable
    ? [{ type: 'button' as const, title: ['快速排序', 'Quick sort'] as const, name: `${base}/sortable` }]
    : []),
];

export const storeModule = defineModule({
  uid: 'store',
  // 1.0.1: published packages are no longer left in /storage (the update event below).
  version: '1.0.1',
  builtIn: true,
  tables: [...STORE_TABLES],
  migrations: storeMigrations,
  routes(app, ctx) {
    moveLegacyPackages(ctx.config);
    registerCategoryResource(app, ctx);
    registerModuleResource(app, ctx);
    registerVersionResource(app, ctx);
    registerOrderResource(app, ctx);
    registerStorePublicRoutes(app, ctx);
    registerStoreOrderRoutes(app, ctx);
    registerStoreDownloadRoutes(app, ctx);
    // The original client's market speaks the vendor store's API: served from this store.
    registerOriginalStoreRoutes(app, ctx);
    // Other areas (the CRUD generator) publish through the store's own checks, never its tables.
    provideModulePublisher(ctx, { publish: (request, pkg) => publishPackage(ctx, request, pkg) });
  },
  adminRules: [
    {
      type: 'menu_dir',
      title: ['模块商店', 'Module store'],
      name: 'store',
      path: 'store',
      icon: 'fa fa-shopping-bag',
      weigh: 40,
      children: [
        {
          type: 'menu',
          title: ['分类管理', 'Categories'],
          name: 'store/category',
          path: 'store/category',
          icon: 'fa fa-folder-o',
          component: '/src/views/backend/store/category/index.vue',
          keepalive: true,
          weigh: 30,
          children: [...crudButtons('store/category')],
        },
        {
          type: 'menu',
          title: ['模块管理', 'Modules'],
          name: 'store/module',
          path: 'store/module',
          icon: 'fa fa-cubes',
          component: '/src/views/backend/store/module/index.vue',
          keepalive: true,
          weigh: 20,
          // A module's versions are managed from its row: their permissions sit here.
          children: [
            ...crudButtons('store/module'),
            { type: 'button', title: ['版本列表', 'Versions'], name: 'store/version/index' },
            { type: 'button', title: ['发布版本', 'Publish a version'], name: 'store/version/add' },
            { type: 'button', title: ['编辑版本', 'Edit a version'], name: 'store/version/edit' },
            { type: 'button', title: ['删除版本', 'Delete a version'], name: 'store/version/del' },
          ],
        },
        {
          type: 'menu',
          title: ['订单管理', 'Orders'],
          name: 'store/order',
          path: 'store/order',
          icon: 'fa fa-list-alt',
          component: '/src/views/backend/store/order/index.vue',
          keepalive: true,
          weigh: 10,
          children: [{ type: 'button', title: ['查看', 'View'], name: 'store/order/index' }],
        },
      ],
    },
  ],
  lang: { 'zh-cn': STORE_LANG_ZH, en: {} },
  events: {
    // The first start with the store: Portico's own modules are in it, free.
    async install(ctx) {
      await publishFirstPartyModules(ctx);
    },
    // A site that published versions before 1.0.1 still serves their uploads publicly.
    async update(ctx) {
      await removeCopiesOfPublishedPackages(ctx);
    },
  },
});

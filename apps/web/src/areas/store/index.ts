/**
 * The module store's back-office (the server entry is apps/server/src/areas/store/index.ts): the
 * categories, the modules with their versions, and the members' orders, at the component
 * paths its menu rules name.
 */
import { defineWebModule } from '@portico/web-sdk/module';

export default defineWebModule({
  uid: 'store',
  pages: {
    '/src/views/backend/store/category/index.vue': () => import('./views/category-admin'),
    '/src/views/backend/store/module/index.vue': () => import('./views/module-admin'),
    '/src/views/backend/store/order/index.vue': () => import('./views/order-admin'),
  },
  lang: {
    'zh-cn': () => import('./lang/zh-cn'),
    en: () => import('./lang/en'),
  },
});

/**
 * The content pages area's web entry (the server entry is apps/server/src/areas/content/index.ts):
 * its back-office page, at the component path its menu rule names, its public reading pages
 * and its language packs.
 */
import { defineWebModule } from '@portico/web-sdk/module';

export default defineWebModule({
  uid: 'content',
  pages: {
    '/src/views/backend/content/content/index.vue': () => import('./views/content-admin'),
  },
  // Public reading pages: their own title once loaded, and no first-load overlay.
  publicRoutes: [
    { path: '/article/:id', page: () => import('./views/public-page'), noBlockLoading: true },
    { path: '/page/:id', page: () => import('./views/public-page'), noBlockLoading: true },
  ],
  lang: {
    'zh-cn': () => import('./lang/zh-cn'),
    en: () => import('./lang/en'),
  },
});

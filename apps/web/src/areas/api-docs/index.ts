/**
 * The API reference's web entry (the server entry is apps/server/src/areas/api-docs/index.ts):
 * its back-office page, at the component path its menu rule names, and its language packs.
 */
import { defineWebModule } from '@portico/web-sdk/module';

export default defineWebModule({
  uid: 'api-docs',
  pages: {
    '/src/views/backend/routine/apiReference.vue': () => import('./views/api-reference'),
  },
  lang: {
    'zh-cn': () => import('./lang/zh-cn'),
    en: () => import('./lang/en'),
  },
});

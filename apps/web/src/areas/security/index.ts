/**
 * The data-security area's web entry (the server entry is apps/server/src/areas/security): the
 * recycle bin and the sensitive-data log with their restore and rollback, and the rule screens
 * choosing what both watch, at the component paths their seeded menu rules store.
 */
import { defineWebModule } from '@portico/web-sdk/module';

export default defineWebModule({
  uid: 'security',
  pages: {
    '/src/views/backend/security/dataRecycle/index.vue': () => import('./views/dataRecycle'),
    '/src/views/backend/security/dataRecycleLog/index.vue': () => import('./views/dataRecycleLog'),
    '/src/views/backend/security/sensitiveData/index.vue': () => import('./views/sensitiveData'),
    '/src/views/backend/security/sensitiveDataLog/index.vue': () => import('./views/sensitiveDataLog'),
  },
  lang: {
    'zh-cn': () => import('./lang/zh-cn'),
    en: () => import('./lang/en'),
  },
});

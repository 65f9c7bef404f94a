/**
 * The CRUD generator's web entry (the server entry is apps/server/src/areas/crud): its screen
 * at the component path of the seeded `crud/crud` menu rule, and its texts. Both load on the
 * first visit of the screen, never with the sign-in page.
 */
import { defineWebModule } from '@portico/web-sdk/module';

export default defineWebModule({
  uid: 'crud',
  pages: {
    '/src/views/backend/crud/index.vue': () => import('./views/crud-page'),
  },
  lang: {
    'zh-cn': () => import('./lang/zh-cn'),
    en: () => import('./lang/en'),
  },
});

/**
 * Daily check-in, the module's web entry: the member centre page and the back-office screen,
 * at the component paths their menu rules name, and the module's texts.
 */
import { defineWebModule } from '@portico/web-sdk/module';

export default defineWebModule({
  uid: 'checkin',
  pages: {
    '/src/views/frontend/user/checkin/index.vue': () => import('./views/member-checkin'),
    '/src/views/backend/checkin/checkin/index.vue': () => import('./views/checkin-admin'),
  },
  lang: {
    'zh-cn': () => import('./lang/zh-cn'),
    en: () => import('./lang/en'),
  },
});

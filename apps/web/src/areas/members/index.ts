/**
 * The members area's web entry (the server entry is apps/server/src/areas/members): the
 * back-office's member list, member groups, member rules and the balance and points logs, at
 * the component paths their seeded menu rules name, and the pages' language packs. A member's
 * own account pages are the core's member centre.
 */
import { defineWebModule } from '@portico/web-sdk/module';

export default defineWebModule({
  uid: 'members',
  pages: {
    '/src/views/backend/user/user/index.vue': () => import('./views/member-admin'),
    '/src/views/backend/user/group/index.vue': () => import('./views/group-admin'),
    '/src/views/backend/user/rule/index.vue': () => import('./views/rule-admin'),
    '/src/views/backend/user/moneyLog/index.vue': () => import('./views/money-log'),
    '/src/views/backend/user/scoreLog/index.vue': () => import('./views/score-log'),
  },
  lang: {
    'zh-cn': () => import('./lang/zh-cn'),
    en: () => import('./lang/en'),
  },
});

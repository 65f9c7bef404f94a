/**
 * The sessions area's web side (the server entry is apps/server/src/areas/sessions): the
 * "Signed-in sessions" card of the administrator's profile and of the member's, given to
 * those pages' slots. Listed before the two-factor area by the registry's glob, its card
 * comes first among the administrator profile's cards.
 */
import { defineWebModule } from '@portico/web-sdk/module';

export default defineWebModule({
  uid: 'sessions',
  slots: {
    'admin-profile.cards': () => import('./views/admin-sessions-card'),
    'member-profile.cards': () => import('./views/member-sessions-card'),
  },
  lang: {
    'zh-cn': () => import('./lang/zh-cn'),
    en: () => import('./lang/en'),
  },
});

/**
 * The two-factor area's web side (the server entry is apps/server/src/areas/two-factor): the
 * "Two-factor sign-in" card of the administrator's profile and the super administrator's reset
 * button in the administrator form, given to those pages' slots.
 * The sign-in's second step stays core: signing in must never depend on an area.
 */
import { defineWebModule } from '@portico/web-sdk/module';

export default defineWebModule({
  uid: 'two-factor',
  slots: {
    'admin-profile.cards': () => import('./views/two-factor-card'),
    'admin-form.fields': () => import('./views/reset-button'),
  },
  lang: {
    'zh-cn': () => import('./lang/zh-cn'),
    en: () => import('./lang/en'),
  },
});

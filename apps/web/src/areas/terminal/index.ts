/**
 * The terminal area's web side (the server entry is apps/server/src/areas/terminal): the nav
 * bar's terminal icon and the panel it opens, given to the back-office shell's slots, for super
 * administrators only. The queue itself stays core (stores/terminal.ts, reached through
 * `@portico/web-sdk/terminal`): the module installer runs its installs and builds on it too.
 */
import { defineWebModule } from '@portico/web-sdk/module';

export default defineWebModule({
  uid: 'terminal',
  slots: {
    'admin-shell.nav': () => import('./views/terminal-button'),
    'admin-shell.overlay': () => import('./views/terminal-host'),
  },
  lang: {
    'zh-cn': () => import('./lang/zh-cn'),
    en: () => import('./lang/en'),
  },
});

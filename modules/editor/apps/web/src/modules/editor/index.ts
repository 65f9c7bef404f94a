/**
 * The editor module's web entry: the `editor` form-input type becomes a rich-text editor
 * (replacing the core's textarea fallback). The editor and its packages load only where an
 * editor field is shown, never on the first load.
 */
import { defineWebModule } from '@portico/web-sdk/module';

export default defineWebModule({
  uid: 'editor',
  formInputs: {
    editor: () => import('./rich-editor'),
  },
  lang: {
    'zh-cn': () => import('./lang/zh-cn'),
    en: () => import('./lang/en'),
  },
});

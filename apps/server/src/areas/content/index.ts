/**
 * The content pages area as a built-in module: it declares its routes and menu rules through
 * the same contract installed modules use. Its table and its rules were created by core
 * migration 0004 (already applied on existing installs, so left where it is); enabling finds
 * the rules by name and adds nothing.
 */
import { defineModule } from '@portico/server-sdk';
import { registerContentResource } from './content.resource.js';
import { CONTENT_LANG_ZH } from './lang.js';
import { CONTENT_RULES } from './rules.js';

export const contentModule = defineModule({
  uid: 'content',
  version: '1.0.0',
  builtIn: true,
  routes: registerContentResource,
  adminRules: CONTENT_RULES,
  lang: { 'zh-cn': CONTENT_LANG_ZH },
});

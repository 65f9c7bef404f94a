/**
 * The data-security area: the recycle bin (deleted rows kept whole, and their restore), the
 * sensitive-data log (monitored fields' edits, and their rollback), and the rules choosing
 * what both watch. Starting, it fills the core's write-captures slot, so every resource's
 * deletes and edits are logged in their own transaction. Its tables and seeded rules are in
 * the core's install data (the first migration and the seed), where existing installs have
 * them; enabling finds the menu rules by name and inserts nothing.
 */
import { defineModule, seededAdminRules } from '@portico/server-sdk';
import { writeCaptures } from './audit.js';
import { SECURITY_LANG } from './lang.js';
import { registerRecycleLogResource } from './recycle-log.resource.js';
import { registerSecurityRuleResources } from './security-rule.resource.js';
import { registerSensitiveLogResource } from './sensitive-log.resource.js';

export const securityArea = defineModule({
  uid: 'security',
  version: '1.0.0',
  builtIn: true,
  routes(app, ctx) {
    ctx.captures.fill(writeCaptures(ctx.db, ctx.config.appSecret));
    registerSecurityRuleResources(app, ctx);
    registerRecycleLogResource(app, ctx);
    registerSensitiveLogResource(app, ctx);
  },
  adminRules: seededAdminRules('security'),
  lang: SECURITY_LANG,
});

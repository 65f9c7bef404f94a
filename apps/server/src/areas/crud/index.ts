/**
 * The CRUD code generator as a built-in area: design a table in the browser and get a module
 * on the SDK for it (apps/server/src/areas/crud/generator writes it; the installer installs it).
 * Here: its record (`crud_log`, kept from a taken-over BuildAdmin site), the record's screen
 * (crud.Log) and the generator's actions (crud.Crud: designing, generating, and a record's module
 * downloaded or published on the store), under the menu rule the install data
 * seeds (`crud/crud`), which core migration 0026 switched off until now and this area's
 * migration switches on again.
 */
import { adminController, defineModule } from '@portico/server-sdk';
import { AdminController } from '@portico/shared';
import { generateActions } from './generate.routes.js';
import { inspectActions } from './inspect.routes.js';
import { CRUD_LANG } from './lang.js';
import { registerCrudLogResource } from './log.resource.js';
import { packageActions } from './package.routes.js';
import { CRUD_ADMIN_RULES } from './rules.js';
import { CRUD_TABLES, crudMigrations } from './tables.js';

export const crudArea = defineModule({
  uid: 'crud',
  version: '1.0.0',
  builtIn: true,
  tables: [...CRUD_TABLES],
  migrations: crudMigrations,
  routes(app, ctx) {
    registerCrudLogResource(app, ctx);
    adminController(app, ctx, AdminController.crud, [
      ...inspectActions(ctx),
      ...generateActions(ctx),
      ...packageActions(ctx),
    ]);
  },
  adminRules: CRUD_ADMIN_RULES,
  lang: CRUD_LANG,
});

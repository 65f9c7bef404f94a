/**
 * The built-in areas: each is declared with `defineModule` in its own folder here and reaches
 * the core only through `@portico/server-sdk`, like an installed module; unlike one, it is
 * always enabled (`builtIn`). The app registers them with the installed modules
 * (docs/architecture.md, "Module contract").
 */
import type { ModuleDefinition } from '@portico/server-sdk';
import { apiDocsModule } from './api-docs/index.js';
import { contentModule } from './content/index.js';
import { crudArea } from './crud/index.js';
import { membersModule } from './members/index.js';
import { securityArea } from './security/index.js';
import { sessionsArea } from './sessions/index.js';
import { storeModule } from './store/index.js';
import { terminalArea } from './terminal/index.js';
import { twoFactorArea } from './two-factor/index.js';

export const BUILT_IN_AREAS: readonly ModuleDefinition[] = [
  membersModule,
  contentModule,
  storeModule,
  apiDocsModule,
  terminalArea,
  securityArea,
  twoFactorArea,
  sessionsArea,
  crudArea,
];

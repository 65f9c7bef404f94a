/**
 * The built-in areas: each is declared with `defineModule` in its own folder here and reaches
 * the core only through `@portico/server-sdk`, like an installed module; unlike one, it is
 * always enabled (`builtIn`). The app registers them with the installed modules
 * (docs/architecture.md, "Module contract").
 */
import type { ModuleDefinition } from '@portico/server-sdk';
import { apiDocsModule } from '../features/api-docs/api-docs.module.js';
import { contentModule } from '../features/content/content.module.js';
import { storeModule } from '../features/store/store.module.js';
import { membersModule } from './members/index.js';

export const BUILT_IN_AREAS: readonly ModuleDefinition[] = [
  membersModule,
  contentModule,
  storeModule,
  apiDocsModule,
];

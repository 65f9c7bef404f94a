/**
 * Member-centre pages addressed by member rules' component paths, e.g.
 * `/src/views/frontend/user/account/overview.vue` (the file `./user/account/overview.tsx`), each loaded
 * lazily on first use.
 * Modules add pages at their rules' component paths (module-contract/registry.ts).
 */
import type { ComponentType } from 'react';
import { modulePages } from '../../module-contract/registry';
import { filePages, viewRegistry } from '../view-registry';

// Pages of the area's own files, then those modules declare at component paths of their own.
const registry = viewRegistry({
  ...filePages('/src/views/frontend/', import.meta.glob<{ default: ComponentType }>('./user/**/*.tsx')),
  ...modulePages('/src/views/frontend/user/'),
});

export const hasFrontendView = registry.has;
export const frontendView = registry.view;

/**
 * Back-office pages addressed by menu rules' component paths, e.g.
 * `/src/views/backend/auth/admin/index.vue` (the file `./auth/admin/index.tsx`), each loaded lazily on first use.
 * Modules add pages at their rules' component paths (module-contract/registry.ts).
 */
import type { ComponentType } from 'react';
import { modulePages } from '../../module-contract/registry';
import { filePages, viewRegistry } from '../view-registry';

// Pages of the area's own files, then those modules declare at component paths of their own.
const registry = viewRegistry({
  ...filePages('/src/views/backend/', import.meta.glob<{ default: ComponentType }>('./**/*.tsx')),
  ...modulePages('/src/views/backend/'),
});

export const hasBackendView = registry.has;
export const backendView = registry.view;

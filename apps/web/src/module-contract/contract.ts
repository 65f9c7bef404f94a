/**
 * The module contract, web side: what a module's web entry (apps/web/src/modules/<uid>/index.ts)
 * declares. Everything is loaded lazily, so a module adds nothing to the first load but its
 * small entry file.
 */
import type { AdminRow } from '@portico/shared';
import type { ComponentType } from 'react';
import type { FormInputProps } from '../components/form/form-inputs';
import type { FormProps } from '../components/table/types';
import type { Pack } from '../lang/pack';
import type { Lang } from '../stores/config';

type Lazy<T> = () => Promise<{ default: T }>;

// Declared by the form, below the modules; re-exported for the modules' inputs.
export type { FormInputProps };

export interface PublicRoute {
  /** A react-router path. */
  path: string;
  page: Lazy<ComponentType>;
  /** Translation key of the page title (a page may set its own once loaded). */
  title?: string;
  /** No first-load block overlay (pages that show their own loading state). */
  noBlockLoading?: boolean;
}

/**
 * Places in core pages where areas and modules add their parts, each with the props its parts
 * get. A part renders nothing when it has nothing to show (a button for super administrators
 * only, say).
 */
export interface PageSlots {
  /** Cards on the administrator's profile page, after the admin-log timeline. */
  'admin-profile.cards': Record<string, never>;
  /** Cards below the member's profile form. */
  'member-profile.cards': Record<string, never>;
  /** Icons of the back-office nav bar, after "full screen". */
  'admin-shell.nav': Record<string, never>;
  /** Parts of the back-office shell outside the page (a panel, a drawer). */
  'admin-shell.overlay': Record<string, never>;
  /** Fields at the end of the administrator form (auth/admin), with the form's props. */
  'admin-form.fields': Omit<FormProps<AdminRow>, 'extra'>;
}
export type PageSlot = keyof PageSlots;

export interface WebModule {
  /** The same uid as the module's server entry and folder. */
  uid: string;
  /**
   * Pages by the component path their menu rules name, e.g.
   * `/src/views/backend/notes/note/index.vue` (back-office) or
   * `/src/views/frontend/user/notes/mine.vue` (member centre), the original's form rules store.
   * The ending does not matter (`.tsx` finds the same page). The path need not exist as a file:
   * the module's own file is loaded instead.
   */
  pages?: Record<string, Lazy<ComponentType>>;
  /**
   * Public pages of the site outside the back-office and the member centre, e.g.
   * `{path: '/article/:id', page: () => import('./views/article')}`.
   */
  publicRoutes?: PublicRoute[];
  /** Form-input types (`<FormItem type="editor" />`), e.g. a rich-text editor. */
  formInputs?: Record<string, Lazy<ComponentType<FormInputProps>>>;
  /** Parts of core pages by slot, each a component the page renders where it names the slot. */
  slots?: { [S in PageSlot]?: Lazy<ComponentType<PageSlots[S]>> };
  /** Language packs, namespaced like the core's (`{'notes.note': {Title: 'Title'}}`). */
  lang?: Partial<Record<Lang, Lazy<Pack>>>;
}

export function defineWebModule<const M extends WebModule>(module: M): M {
  return module;
}

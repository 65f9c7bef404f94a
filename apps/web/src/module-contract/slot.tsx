/**
 * Where a core page lets areas and modules add their parts (`slots` of their web entries): each
 * part loads when the page first shows, gets the slot's props and renders through `wrap` (a
 * grid column, say; by default as it is).
 */
import {
  type Attributes,
  type ComponentType,
  Fragment,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
} from 'react';
import type { PageSlot, PageSlots } from './contract';
import { moduleSlotParts } from './registry';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** One lazy component per loader, made once: a new one each render would remount the part. */
const parts = new Map<unknown, unknown>();
function partOf<P>(load: Loader<P>): LazyExoticComponent<ComponentType<P>> {
  let part = parts.get(load) as LazyExoticComponent<ComponentType<P>> | undefined;
  if (!part) {
    part = lazy(load);
    parts.set(load, part);
  }
  return part;
}

const asIs = (part: ReactNode) => part;

/** A slot whose parts take no props needs none (`<ModuleSlot name="admin-shell.nav" />`). */
type SlotProps<S extends PageSlot> =
  PageSlots[S] extends Record<string, never> ? { props?: PageSlots[S] } : { props: PageSlots[S] };

export function ModuleSlot<S extends PageSlot>({
  name,
  wrap = asIs,
  ...rest
}: { name: S; wrap?: (part: ReactNode) => ReactNode } & SlotProps<S>) {
  const props = (rest.props ?? {}) as PageSlots[S] & Attributes;
  return moduleSlotParts(name).map((load, index) => {
    const Part = partOf(load);
    return (
      // The registry's order is fixed for the life of the page: the index is a stable key.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above.
      <Fragment key={index}>
        {wrap(
          <Suspense fallback={null}>
            <Part {...props} />
          </Suspense>,
        )}
      </Fragment>
    );
  });
}

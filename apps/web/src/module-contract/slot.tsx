/**
 * Where a core page lets areas and modules add their parts (`slots` of their web entries): each
 * part loads when the page first shows and renders through `wrap` (a grid column, say).
 */
import {
  type ComponentType,
  Fragment,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
} from 'react';
import type { PageSlot } from './contract';
import { moduleSlotParts } from './registry';

type Loader = () => Promise<{ default: ComponentType }>;

/** One lazy component per loader, made once: a new one each render would remount the part. */
const parts = new Map<Loader, LazyExoticComponent<ComponentType>>();
function partOf(load: Loader): LazyExoticComponent<ComponentType> {
  let part = parts.get(load);
  if (!part) {
    part = lazy(load);
    parts.set(load, part);
  }
  return part;
}

export function ModuleSlot({ name, wrap }: { name: PageSlot; wrap: (part: ReactNode) => ReactNode }) {
  return moduleSlotParts(name).map((load, index) => {
    const Part = partOf(load);
    return (
      // The registry's order is fixed for the life of the page: the index is a stable key.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above.
      <Fragment key={index}>
        {wrap(
          <Suspense fallback={null}>
            <Part />
          </Suspense>,
        )}
      </Fragment>
    );
  });
}

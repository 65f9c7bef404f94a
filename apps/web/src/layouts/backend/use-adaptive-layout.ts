/**
 * Below 1024 px the back-office becomes Classic with a collapsed overlay sidebar; at 1024
 * px and above the mode and collapse state saved in sessionStorage `beforeResizeLayout`
 * come back (the original's "Adaptive behaviour").
 */
import { useEffect } from 'react';
import { type LayoutMode, useConfig } from '../../stores/config';
import { SHRINK_BELOW } from '../../utils/layout';

export const BEFORE_RESIZE_KEY = 'beforeResizeLayout';

interface BeforeResize {
  layoutMode: LayoutMode;
  menuCollapse: boolean;
}

/** Called by the drawer's mode tiles and the collapse toggle, as in the original. */
export function rememberLayout(layoutMode: LayoutMode, menuCollapse: boolean): void {
  sessionStorage.setItem(
    BEFORE_RESIZE_KEY,
    JSON.stringify({ layoutMode, menuCollapse } satisfies BeforeResize),
  );
}

function remembered(): BeforeResize | null {
  try {
    return JSON.parse(sessionStorage.getItem(BEFORE_RESIZE_KEY) ?? 'null') as BeforeResize | null;
  } catch {
    return null;
  }
}

function adaptLayout(width: number): void {
  const { layout, setLayout, setLayoutMode } = useConfig.getState();
  if (width < SHRINK_BELOW) {
    if (layout.shrink) return;
    if (!remembered()) rememberLayout(layout.layoutMode, layout.menuCollapse);
    setLayout('shrink', true);
    setLayoutMode('Classic');
    setLayout('menuCollapse', true);
  } else if (layout.shrink) {
    const before = remembered();
    setLayout('shrink', false);
    setLayoutMode(before?.layoutMode ?? layout.layoutMode);
    setLayout('menuCollapse', before?.menuCollapse ?? false);
  }
}

export function useAdaptiveLayout(): void {
  useEffect(() => {
    const onResize = () => adaptLayout(document.body.clientWidth);
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
}

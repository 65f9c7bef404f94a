/** Layout arithmetic shared by the shell's parts (the original's layout rules). */
import type { LayoutSettings } from '../stores/config';

/** Narrower than this, the layout becomes Classic with an overlay sidebar. */
export const SHRINK_BELOW = 1024;

export function sidebarWidth(layout: Pick<LayoutSettings, 'menuCollapse' | 'shrink' | 'menuWidth'>): number {
  if (!layout.menuCollapse) return layout.menuWidth;
  return layout.shrink ? 0 : 64;
}

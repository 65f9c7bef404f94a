/**
 * A back-office page learns its own tab's query here rather than from the location, which
 * belongs to whichever tab is visible: a hidden page must not react to another page's URL.
 */
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Tab } from '../stores/nav-tabs';

const TabContext = createContext<Tab | null>(null);

export function TabProvider({ tab, children }: { tab: Tab; children: ReactNode }) {
  return <TabContext.Provider value={tab}>{children}</TabContext.Provider>;
}

export function useTab(): Tab | null {
  return useContext(TabContext);
}

/** The page's query parameters. */
export function useTabQuery(): URLSearchParams {
  const search = useTab()?.search ?? '';
  return useMemo(() => new URLSearchParams(search), [search]);
}

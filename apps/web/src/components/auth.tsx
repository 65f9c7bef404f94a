/**
 * Button-level permissions: the current page may show an action only when the server
 * granted its `page path/action` node (built from button rules by buildAdminRoutes).
 */
import { useNavTabs } from '../stores/nav-tabs';
import { useTab } from './tab-context';

export function useAuth(): (action: string) => boolean {
  const path = useTab()?.path ?? '';
  const nodes = useNavTabs((s) => s.authNode.get(path));
  return (action) => nodes?.includes(`${path}/${action}`) ?? false;
}

/** What a page may read of the app's state: the signed-in member, the site, the reader's settings. */

export { useAuth } from '../../../apps/web/src/components/auth';
export { useAdminInfo } from '../../../apps/web/src/stores/admin-info';
export { type Lang, useConfig } from '../../../apps/web/src/stores/config';
export { useSiteConfig } from '../../../apps/web/src/stores/site-config';
export { useUserInfo } from '../../../apps/web/src/stores/user-info';

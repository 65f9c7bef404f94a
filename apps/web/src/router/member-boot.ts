/** Loads the member centre (`/api/index/index` for the signed-in member) into the stores. */
import { frontIndex } from '../api/frontend';
import { useMemberCenterStore } from '../stores/member-center';
import { buildMemberRoutes, firstMemberPage, type MemberLink } from '../stores/member-routes';
import { useSiteConfig } from '../stores/site-config';
import { useUserInfo } from '../stores/user-info';
import { hasFrontendView } from '../views/frontend/registry';

/** Answers the first member page, or undefined when there is none. Null: the centre is closed. */
export async function bootMember(): Promise<MemberLink | undefined | null> {
  const { data } = await frontIndex(true);
  useSiteConfig.getState().set(data.site);
  useMemberCenterStore.getState().setSendCodeCaptcha(data.sendCodeCaptcha);
  if (!data.openMemberCenter) return null;
  if (data.userInfo) useUserInfo.getState().setInfo(data.userInfo);
  const routes = buildMemberRoutes(data.menus, data.rules, hasFrontendView);
  useMemberCenterStore.getState().set(routes);
  return firstMemberPage(routes);
}

/**
 * Whether the member centre is open, from /api/index/index (null while asking). A cold load of
 * the sign-in page asks while the page's code loads (router/sign-in-pages.ts): the page then
 * draws its form at once, not a spinner first and the form a round trip later.
 */
import { useEffect, useState } from 'react';
import { type FrontIndex, frontIndex } from '../../../api/frontend';
import { useMemberCenterStore } from '../../../stores/member-center';
import { useSiteConfig } from '../../../stores/site-config';

/** An answer that came before the page mounted, for its first render only. */
let answeredEarly: FrontIndex | null = null;

/** What the site says of itself goes to the stores: the page title names the site. */
function keep(data: FrontIndex): FrontIndex {
  useSiteConfig.getState().set(data.site);
  useMemberCenterStore.getState().setSendCodeCaptcha(data.sendCodeCaptcha);
  return data;
}

/** The answer to a request made before the page mounted, for its first render to take. */
export function answerBeforeMount(data: FrontIndex): void {
  answeredEarly = keep(data);
}

export function useMemberCenter(): FrontIndex | null {
  const [early] = useState(() => {
    const answer = answeredEarly;
    answeredEarly = null;
    return answer;
  });
  const [index, setIndex] = useState<FrontIndex | null>(early);
  useEffect(() => {
    if (early) return;
    frontIndex()
      .then(({ data }) => setIndex(keep(data)))
      .catch(() => {});
  }, [early]);
  return index;
}

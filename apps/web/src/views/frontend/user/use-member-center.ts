/** Whether the member centre is open, from /api/index/index (null while asking). */
import { useEffect, useState } from 'react';
import { type FrontIndex, frontIndex } from '../../../api/frontend';
import { useMemberCenterStore } from '../../../stores/member-center';
import { useSiteConfig } from '../../../stores/site-config';

export function useMemberCenter(): FrontIndex | null {
  const [index, setIndex] = useState<FrontIndex | null>(null);
  useEffect(() => {
    frontIndex()
      .then(({ data }) => {
        useSiteConfig.getState().set(data.site);
        useMemberCenterStore.getState().setSendCodeCaptcha(data.sendCodeCaptcha);
        setIndex(data);
      })
      .catch(() => {});
  }, []);
  return index;
}

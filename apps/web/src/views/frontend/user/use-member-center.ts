/** Whether the member centre is open, from /api/index/index (null while asking). */
import { useEffect, useState } from 'react';
import { type FrontIndex, frontIndex } from '../../../api/frontend';
import { useSiteConfig } from '../../../stores/site-config';

export function useMemberCenter(): FrontIndex | null {
  const [index, setIndex] = useState<FrontIndex | null>(null);
  useEffect(() => {
    frontIndex()
      .then(({ data }) => {
        useSiteConfig.getState().set({ siteName: data.site.siteName });
        setIndex(data);
      })
      .catch(() => {});
  }, []);
  return index;
}

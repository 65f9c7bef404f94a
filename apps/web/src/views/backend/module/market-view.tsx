/**
 * The market catalogue (the original's Grid): the store's categories as tabs, each tab's cards
 * kept until Refresh, the machine's modules merged in (and, on "all", those the store does
 * not list), an empty tab saying "No more".
 */
import type { StoreCategory, StoreListItem } from '@portico/shared';
import { Alert, Empty, Spin, Tabs } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storeIndex } from '../../../api/backend/market';
import type { LocalModule } from '../../../api/backend/module';
import { type MarketCard as Card, mergeCards } from './market';
import { MarketCard } from './market-card';
import './market-session';

const ALL = 0;

export function MarketView({
  local,
  keyword,
  generation,
  onOpen,
}: {
  local: LocalModule[];
  keyword: string;
  /** Raised by Refresh: the cached tabs are dropped. */
  generation: number;
  onOpen: (card: Card) => void;
}) {
  const { t } = useTranslation();
  const [categories, setCategories] = useState<StoreCategory[]>([]);
  const [tab, setTab] = useState(ALL);
  const [cache, setCache] = useState<Record<string, StoreListItem[]>>({});
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState('');

  // Refresh forgets every tab.
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the trigger
  useEffect(() => setCache({}), [generation]);

  const key = `${generation}|${tab}|${keyword}`;
  const list = cache[key];
  // While a tab or a search loads, the cards shown so far stay (no flash of "No more").
  const lastList = useRef<StoreListItem[]>([]);
  if (list) lastList.current = list;
  const cached = useRef(cache);
  cached.current = cache;
  // One request per tab and search; a request overtaken by another tab or search is ignored,
  // and the spinner follows the request of what is shown.
  useEffect(() => {
    if (cached.current[key]) {
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    storeIndex({ keyword, category: tab })
      .then((answer) => {
        if (!live) return;
        setFailed('');
        setCategories(answer.data.categories);
        setCache((current) => ({ ...current, [key]: answer.data.list }));
      })
      .catch((error: unknown) => {
        if (!live) return;
        setFailed(error && typeof error === 'object' && 'msg' in error ? String(error.msg) : 'x');
        setCache((current) => ({ ...current, [key]: [] }));
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [key, keyword, tab]);

  const cards = useMemo(
    () => mergeCards(list ?? lastList.current, local, { allTab: tab === ALL, keyword }),
    [list, local, tab, keyword],
  );

  return (
    <div data-testid="market-view">
      {failed && failed !== 'x' && (
        <Alert type="warning" showIcon title={failed} style={{ marginBottom: 12 }} />
      )}
      <Tabs
        type="card"
        activeKey={String(tab)}
        onChange={(next) => setTab(Number(next))}
        items={(categories.length ? categories : [{ id: ALL, name: t('module.All') }]).map((category) => ({
          key: String(category.id),
          label: category.name,
        }))}
      />
      <Spin spinning={loading}>
        {cards.length === 0 ? (
          <Empty description={loading ? ' ' : t('module.No more')} />
        ) : (
          <div className="market-grid" data-testid="market-grid">
            {cards.map((card) => (
              <MarketCard key={card.uid} card={card} onOpen={() => onOpen(card)} />
            ))}
          </div>
        )}
      </Spin>
    </div>
  );
}

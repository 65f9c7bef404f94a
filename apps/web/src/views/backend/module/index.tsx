/**
 * Module market (as in the original), menu rule moduleStore → module/index.tsx. The market
 * catalogue is the default view (the store named by MARKET_URL, through this server); Local
 * module shows every module on this machine with its state. Upload installation, the goods
 * info with purchase, the market member dialog and the install pipeline are shared by both.
 */
import {
  CloudUploadOutlined,
  DesktopOutlined,
  ReloadOutlined,
  SearchOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { StoreListItem } from '@portico/shared';
import { Alert, Button, Empty, Input, Result, Space, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LocalModule, moduleIndex, uninstallModule } from '../../../api/backend/module';
import { useAdminInfo } from '../../../stores/admin-info';
import { useMarket } from '../../../stores/market';
import { GoodsDialog } from './goods-dialog';
import { type MarketCard, mergeCards } from './market';
import { storeBase } from './market-extras';
import { MarketView } from './market-view';
import { MemberDialog } from './member-dialog';
import { ModuleCard } from './module-card';
import { PipelineDialog } from './pipeline-dialog';
import { StoreLinks } from './store-links';
import { usePipeline } from './use-pipeline';
import './module.css';

/** The Local module view survives the reload that ends an install (this tab only). */
const LOCAL_VIEW_KEY = 'moduleLocalView';

export default function ModuleMarket() {
  const { t } = useTranslation();
  const isSuper = useAdminInfo((s) => s.super);
  const [modules, setModules] = useState<LocalModule[] | null>(null);
  /** The store's address for the browser, once the module page has answered ('' = this site). */
  const [marketUrl, setMarketUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [localOnly, setLocalOnly] = useState(() => sessionStorage.getItem(LOCAL_VIEW_KEY) === '1');
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [generation, setGeneration] = useState(0);
  const [goods, setGoods] = useState<MarketCard | null>(null);
  const showMemberDialog = useMarket((s) => s.showMemberDialog);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { data } = await moduleIndex();
      setModules(data.installed);
      setMarketUrl(data.marketUrl ?? '');
    } catch {
      setModules((current) => current ?? []);
    } finally {
      setLoading(false);
    }
  }, []);
  const pipeline = usePipeline(() => void load());

  useEffect(() => {
    if (isSuper) void load();
  }, [isSuper, load]);

  if (!isSuper)
    return (
      <Result
        status="403"
        title={t('module.Only super administrators can manage modules')}
        data-testid="module-refused"
      />
    );

  const onSwitch = (module: Pick<LocalModule, 'uid'>, on: boolean) => {
    if (on) void pipeline.enable(module.uid);
    else void pipeline.disable(module.uid);
  };
  const onUninstall = async (uid: string) => {
    try {
      await uninstallModule(uid);
    } finally {
      void load();
    }
  };
  // The original's 500 ms: the store is asked once the typing stops.
  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => setKeyword(value.trim()), 500);
  };
  const refresh = () => {
    setGeneration((n) => n + 1);
    void load();
  };
  const storeUrl = marketUrl === null ? null : storeBase(marketUrl, window.location.origin);
  const cardOf = (item: StoreListItem) =>
    mergeCards([item], modules ?? [], { allTab: false, keyword: '' })[0] as MarketCard;

  return (
    <div className="default-main module-market" data-testid="module-market">
      <div className="module-header">
        <Button
          icon={<ReloadOutlined />}
          onClick={refresh}
          aria-label={t('module.Refresh')}
          color="default"
          variant="solid"
        />
        <Space.Compact>
          <Button icon={<CloudUploadOutlined />} onClick={() => pipeline.show({ type: 'upload' })}>
            {t('module.Upload installation')}
          </Button>
          <Button
            icon={<DesktopOutlined />}
            type={localOnly ? 'primary' : 'default'}
            onClick={() => {
              sessionStorage.setItem(LOCAL_VIEW_KEY, localOnly ? '0' : '1');
              setLocalOnly(!localOnly);
            }}
            aria-pressed={localOnly}
            data-testid="module-local-toggle"
          >
            {t('module.Local module')}
          </Button>
        </Space.Compact>
        <StoreLinks storeUrl={storeUrl} />
        <Button
          icon={<UserOutlined />}
          color="green"
          variant="solid"
          onClick={() => showMemberDialog(true)}
          data-testid="market-member-button"
        >
          {t('module.Member information')}
        </Button>
        {!localOnly && (
          <Input
            className="market-search"
            allowClear
            prefix={<SearchOutlined />}
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            placeholder={t('module.Search is actually very simple')}
            aria-label={t('module.Search')}
          />
        )}
      </div>
      {localOnly ? (
        <Spin spinning={loading}>
          <Alert type="info" showIcon title={t('module.Local module tip')} style={{ marginBottom: 12 }} />
          {modules && modules.length === 0 ? (
            <Empty description={t('module.No module on this machine yet, use Upload installation')} />
          ) : (
            <div className="module-grid" data-testid="module-local-list">
              {(modules ?? []).map((module) => (
                <ModuleCard
                  key={module.uid}
                  module={module}
                  onInstall={() => void pipeline.install(module.uid)}
                  onSwitch={(on) => onSwitch(module, on)}
                  onUninstall={() => void onUninstall(module.uid)}
                />
              ))}
            </div>
          )}
        </Spin>
      ) : (
        <MarketView local={modules ?? []} keyword={keyword} generation={generation} onOpen={setGoods} />
      )}
      <GoodsDialog
        card={goods}
        storeUrl={storeUrl ?? window.location.origin}
        cardOf={cardOf}
        onOpen={setGoods}
        onClose={() => setGoods(null)}
        handlers={{
          install: (uid, market) => void pipeline.install(uid, undefined, market),
          update: (uid, market, disabled) => void pipeline.update(uid, market, disabled),
          switchState: (uid, on) => void (on ? pipeline.enable(uid) : pipeline.disable(uid)),
          uninstall: (uid) => void onUninstall(uid),
        }}
      />
      <MemberDialog />
      <PipelineDialog
        screen={pipeline.screen}
        close={() => pipeline.show({ type: 'closed' })}
        install={(uid, extend) => void pipeline.install(uid, extend)}
        disable={(uid, confirm) => void pipeline.disable(uid, confirm)}
        dependenciesReady={(uid) => void pipeline.dependenciesReady(uid)}
        cancelDisable={() => {
          // The switch goes back on: the list still says installed.
          pipeline.show({ type: 'closed' });
          void load();
        }}
      />
    </div>
  );
}

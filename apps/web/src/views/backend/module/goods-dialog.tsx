/**
 * The goods info dialog (the original's "detailed information"): images, title and tags,
 * price, dates, downloads, category, developer and their other works, the description, the
 * update log, and the buttons the module's state allows: Buy now, Install now, continue
 * installation, installed vX, Local module vX, to update ("Disable and update"), the module
 * status switch and uninstall. Install and payment wait for the agreement.
 */

import { MessageOutlined } from '@ant-design/icons';
import type { StoreListItem, StoreModuleInfo, StorePriceType } from '@portico/shared';
import { ModuleState, newIdempotencyKey } from '@portico/shared';
import {
  Avatar,
  Button,
  Carousel,
  Descriptions,
  Empty,
  Modal,
  message,
  Space,
  Spin,
  Switch,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createOrder, payOrder, storeInfo } from '../../../api/backend/market';
import type { MarketAuth } from '../../../api/backend/module';
import { useMarket } from '../../../stores/market';
import { timeFormat } from '../../../utils/time';
import { Agreement } from './agreement';
import { BuyDialog, type BuyState } from './buy-dialog';
import { DemoDropdown } from './demo-dropdown';
import {
  goodsActions,
  isPurchased,
  type MarketCard,
  onMachine,
  orderIdFor,
  originalPriceText,
  priceText,
} from './market';
import { contactLink, demoEntries, demoShown, webLink } from './market-extras';
import './market-session';
import { UninstallConfirm } from './uninstall-confirm';

export interface GoodsHandlers {
  install: (uid: string, market?: MarketAuth) => void;
  update: (uid: string, market: MarketAuth, disabled: boolean) => void;
  switchState: (uid: string, on: boolean) => void;
  uninstall: (uid: string) => void;
}

export function GoodsDialog({
  card,
  cardOf,
  onOpen,
  onClose,
  handlers,
  storeUrl,
}: {
  card: MarketCard | null;
  /** The store's address for the browser (its uploaded QR images are under it). */
  storeUrl: string;
  cardOf: (item: StoreListItem) => MarketCard;
  onOpen: (card: MarketCard) => void;
  onClose: () => void;
  handlers: GoodsHandlers;
}) {
  const { t } = useTranslation();
  const token = useMarket((s) => s.token);
  const [info, setInfo] = useState<StoreModuleInfo | null>(null);
  const [loading, setLoading] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [buy, setBuy] = useState<BuyState | null>(null);
  const [paying, setPaying] = useState(false);
  const [payKey, setPayKey] = useState(newIdempotencyKey);

  const uid = card?.uid;
  const listed = card?.listed;
  // The member's token decides what the store says about the purchase: read again on login.
  // biome-ignore lint/correctness/useExhaustiveDependencies: token is the trigger
  useEffect(() => {
    setInfo(null);
    setBuy(null);
    if (!uid || !listed) return;
    setLoading(true);
    storeInfo(uid)
      .then((answer) => setInfo(answer.data))
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [uid, listed, token]);

  if (!card) return null;
  const actions = goodsActions(info, card);
  const here = onMachine(card.local) ? card.local : null;
  // `?? []`/`?? ''`: a store of an older Portico sends neither.
  const demos = info ? demoEntries(info.demos ?? [], storeUrl) : [];
  const showDemo = demoShown(info && { demos, purchased: isPurchased(info) }, actions);
  const homepage = webLink(info?.developer_url ?? '');
  const contact = contactLink(info?.developer_contact ?? '');

  /** The pipeline's dialog takes over from this one. */
  const closeThen = (next: () => void) => {
    onClose();
    next();
  };

  /** The market member, or the login dialog. */
  const marketAuth = (orderId: number): MarketAuth | null => {
    const { token: current, showMemberDialog } = useMarket.getState();
    if (!current) {
      showMemberDialog(true);
      return null;
    }
    return { token: current, orderId };
  };
  const requireAgreement = () => {
    if (agreed) return true;
    void message.warning(t('module.Please read and agree to the module purchase and use agreement first'));
    return false;
  };

  const install = (orderId = orderIdFor(info)) => {
    if (!requireAgreement()) return;
    // Already on the machine (uploaded, or downloaded for an update): nothing to download.
    if (here) {
      onClose();
      handlers.install(card.uid);
      return;
    }
    const market = marketAuth(orderId);
    if (!market) return;
    setBuy(null);
    onClose();
    handlers.install(card.uid, market);
  };

  const startBuy = async () => {
    if (!marketAuth(0)) return;
    try {
      setBuy((await createOrder(card.uid)).data);
      // A new purchase: its payment's retries share this key.
      setPayKey(newIdempotencyKey());
    } catch {
      // The store said why (or the login dialog opened).
    }
  };

  const pay = async (payType: Exclude<StorePriceType, 'free'>) => {
    if (!buy || !requireAgreement()) return;
    setPaying(true);
    try {
      const answer = await payOrder(buy.order.id, payType, payKey);
      const { member, setMember } = useMarket.getState();
      if (member) setMember({ ...member, score: answer.data.score, money: answer.data.money });
      // Paid: the install starts at once, as the original's payment does.
      install(answer.data.order.id);
    } catch {
      // The store said why (short balance, already paid…).
    } finally {
      setPaying(false);
    }
  };

  const update = () => {
    const market = marketAuth(orderIdFor(info));
    if (!market) return;
    const disabled = here?.state === ModuleState.disable;
    if (disabled) {
      onClose();
      handlers.update(card.uid, market, true);
      return;
    }
    Modal.confirm({
      title: t('module.to update'),
      content: t('module.The module must be disabled before updating'),
      okText: t('module.Disable and update'),
      cancelText: t('module.Cancel'),
      onOk: () => {
        onClose();
        handlers.update(card.uid, market, false);
      },
    });
  };

  const item = info ?? card;
  const original = originalPriceText(item, t);
  const price = (
    <span className="market-price">
      {original && <del className="market-original-price">{original}</del>}
      <span className="market-current-price">{priceText(item.price_type, item.price, t)}</span>
    </span>
  );

  return (
    <>
      <Modal
        open
        title={t('module.Detailed information')}
        footer={null}
        width="min(960px, calc(100vw - 16px))"
        onCancel={onClose}
        destroyOnHidden
      >
        <Spin spinning={loading}>
          <div className="market-goods" data-testid="market-goods" data-uid={card.uid}>
            {info && info.images.length > 0 && (
              <Carousel autoplay className="market-images" arrows>
                {info.images.map((src) => (
                  <div key={src}>
                    <img src={src} alt="" />
                  </div>
                ))}
              </Carousel>
            )}
            <Space wrap size={4} className="market-goods-title">
              <Typography.Title level={4} style={{ margin: 0 }}>
                {card.title}
              </Typography.Title>
              {(info?.tags ?? card.tags).map((name) => (
                <Tag key={name}>{name}</Tag>
              ))}
              {card.newVersion && <Tag color="red">{t('module.New version')}</Tag>}
            </Space>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2 }}
              bordered
              items={[
                ...(card.listed ? [{ key: 'price', label: t('module.Price'), children: price }] : []),
                ...(info
                  ? [
                      {
                        key: 'updated',
                        label: t('module.Last updated'),
                        children: timeFormat(info.update_time, 'yyyy-mm-dd'),
                      },
                      {
                        key: 'published',
                        label: t('module.Published on'),
                        children: timeFormat(info.create_time, 'yyyy-mm-dd'),
                      },
                      { key: 'version', label: t('module.Version'), children: info.version },
                      ...(here
                        ? []
                        : [{ key: 'downloads', label: t('module.Downloads'), children: info.downloads }]),
                      { key: 'category', label: t('module.Classification'), children: info.category || '-' },
                      {
                        key: 'homepage',
                        label: t('module.Developer homepage'),
                        children: homepage ? (
                          <Typography.Link href={homepage} target="_blank" rel="noopener noreferrer">
                            {t('module.Click to access')}
                          </Typography.Link>
                        ) : (
                          '-'
                        ),
                      },
                    ]
                  : here
                    ? [
                        { key: 'version', label: t('module.Version'), children: here.version },
                        { key: 'author', label: t('module.Author'), children: here.author },
                      ]
                    : []),
                ...(actions.statusSwitch && here
                  ? [
                      {
                        key: 'status',
                        label: t('module.Module status'),
                        children: (
                          <Switch
                            checked={here.state === ModuleState.installed}
                            aria-label={t('module.Module status')}
                            onChange={(on) => {
                              onClose();
                              handlers.switchState(card.uid, on);
                            }}
                          />
                        ),
                      },
                    ]
                  : []),
              ]}
            />
            {(actions.buy || actions.install) && <Agreement checked={agreed} onChange={setAgreed} />}
            <Space wrap className="market-goods-buttons" data-testid="market-goods-buttons">
              {showDemo && <DemoDropdown demos={demos} />}
              {actions.buy && (
                <Button danger type="primary" onClick={() => void startBuy()}>
                  {t('module.Buy now')}
                </Button>
              )}
              {actions.install && (
                <Button type="primary" className="market-install" onClick={() => install()}>
                  {t('module.Install now')}
                </Button>
              )}
              {actions.continueInstall && (
                <Button type="primary" onClick={() => closeThen(() => handlers.install(card.uid))}>
                  {t('module.continue installation')}
                </Button>
              )}
              {actions.installedVersion && (
                <Button disabled data-testid="market-installed">
                  {t('module.installed')} v{actions.installedVersion}
                </Button>
              )}
              {actions.localVersion && (
                <Button disabled>
                  {t('module.Local module')} v{actions.localVersion}
                </Button>
              )}
              {actions.update && (
                <Button type="primary" onClick={update} data-testid="market-update">
                  {t('module.to update')}
                </Button>
              )}
              {actions.uninstall && card.local && (
                <UninstallConfirm
                  plan={card.local.uninstall}
                  onConfirm={() => closeThen(() => handlers.uninstall(card.uid))}
                >
                  <Button danger>{t('module.uninstall')}</Button>
                </UninstallConfirm>
              )}
            </Space>
            {info && (
              <>
                <div className="market-developer">
                  <Avatar>{info.developer.slice(0, 1)}</Avatar>
                  <div>
                    <div>{info.developer}</div>
                    <Typography.Text type="secondary">{t('module.Developer')}</Typography.Text>
                  </div>
                  {contact && (
                    <Typography.Link
                      href={contact}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="market-contact"
                      data-testid="market-contact"
                    >
                      <MessageOutlined /> {t('module.Contact developer')}
                    </Typography.Link>
                  )}
                </div>
                <Typography.Title level={5}>{t('module.Other works of developers')}</Typography.Title>
                {info.developer_works.length === 0 ? (
                  <Typography.Text type="secondary">{t('module.There are no more works')}</Typography.Text>
                ) : (
                  <Space wrap>
                    {info.developer_works.map((work) => (
                      <Button key={work.uid} onClick={() => onOpen(cardOf(work))}>
                        {work.title}
                      </Button>
                    ))}
                  </Space>
                )}
                {/* Rendered from markdown and sanitized by the store. */}
                <div
                  className="market-description"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: the store sanitizes it (docs/store.md)
                  dangerouslySetInnerHTML={{ __html: info.description }}
                />
                <Typography.Title level={5}>{t('module.Update Log')}</Typography.Title>
                {info.versions.length === 0 ? (
                  <Empty />
                ) : (
                  <Timeline
                    items={info.versions.map((version, index) => ({
                      color: index === 0 ? 'green' : 'gray',
                      content: (
                        <div className="market-version">
                          <Typography.Text strong>v{version.version}</Typography.Text>{' '}
                          <Typography.Text type="secondary">
                            {timeFormat(version.release_time, 'yyyy-mm-dd')}
                          </Typography.Text>
                          <div className="market-update-log">
                            {version.update_log || t('module.No detailed update log')}
                          </div>
                        </div>
                      ),
                    }))}
                  />
                )}
              </>
            )}
            {!info && here && <Typography.Paragraph>{here.intro}</Typography.Paragraph>}
          </div>
        </Spin>
      </Modal>
      <BuyDialog
        buy={buy}
        agreed={agreed}
        setAgreed={setAgreed}
        paying={paying}
        onPay={(payType) => void pay(payType)}
        onInstall={() => install(buy?.order.id ?? 0)}
        onClose={() => setBuy(null)}
      />
    </>
  );
}

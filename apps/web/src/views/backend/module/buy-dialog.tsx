/**
 * "Confirm order info" (the original's Buy dialog): the one-year / no 7-day refund notice,
 * the order, the purchasing member, and payment by points or balance from the market member's
 * own account (no payment gateway: WeChat and Alipay are not offered), or Install now when the
 * order is already paid.
 */
import type { StoreOrder, StorePriceType } from '@portico/shared';
import { Alert, Button, Descriptions, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMarket } from '../../../stores/market';
import { Agreement } from './agreement';
import { priceText, purchaserText } from './market';

export interface BuyState {
  order: StoreOrder;
  purchased: boolean;
}

export function BuyDialog({
  buy,
  agreed,
  setAgreed,
  paying,
  onPay,
  onInstall,
  onClose,
}: {
  buy: BuyState | null;
  agreed: boolean;
  setAgreed: (on: boolean) => void;
  paying: boolean;
  onPay: (payType: Exclude<StorePriceType, 'free'>) => void;
  onInstall: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const member = useMarket((s) => s.member);
  const order = buy?.order;
  return (
    <Modal
      open={!!buy}
      title={t('module.Confirm order info')}
      footer={null}
      width="min(480px, calc(100vw - 16px))"
      destroyOnHidden
      onCancel={onClose}
    >
      {order && (
        <div data-testid="market-buy">
          <Alert type="error" showIcon title={t('module.Buy notice')} style={{ marginBottom: 12 }} />
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'title', label: t('module.Order title'), children: order.module_title },
              { key: 'no', label: t('module.Order No'), children: order.order_no },
              {
                key: 'user',
                label: t('module.Purchase user'),
                children: member ? purchaserText(member) : '',
              },
              {
                key: 'price',
                label: t('module.Order price'),
                children: buy.purchased
                  ? t('module.Purchased, can be installed directly')
                  : priceText(order.price_type, order.amount, t),
              },
            ]}
          />
          <Agreement checked={agreed} onChange={setAgreed} />
          <Space wrap className="market-buy-buttons">
            {buy.purchased ? (
              <Button type="primary" onClick={onInstall}>
                {t('module.Install now')}
              </Button>
            ) : order.price_type === 'score' ? (
              <Button type="primary" loading={paying} onClick={() => onPay('score')}>
                {t('module.Point payment')}
              </Button>
            ) : (
              <Button type="primary" loading={paying} onClick={() => onPay('money')}>
                {t('module.Balance payment')}
              </Button>
            )}
          </Space>
        </div>
      )}
    </Modal>
  );
}

/**
 * The market header's green group (as in the original): "Publishing module" opens the store's
 * back-office module screen, "Get points" its member centre's points page, each in a new tab on
 * the store (MARKET_URL, or this site). Disabled until the site has said where the store is.
 */
import { GiftOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { storeLinks } from './market-extras';

export function StoreLinks({ storeUrl }: { storeUrl: string | null }) {
  const { t } = useTranslation();
  const links = storeUrl === null ? null : storeLinks(storeUrl);
  const open = { target: '_blank', rel: 'noopener noreferrer', color: 'green', variant: 'solid' } as const;
  return (
    <Space.Compact>
      <Button
        {...open}
        icon={<SendOutlined />}
        href={links?.publish}
        disabled={!links}
        data-testid="market-publish"
      >
        {t('module.Publishing module')}
      </Button>
      <Button
        {...open}
        icon={<GiftOutlined />}
        href={links?.points}
        disabled={!links}
        data-testid="market-points"
      >
        {t('module.Get points')}
      </Button>
    </Space.Compact>
  );
}

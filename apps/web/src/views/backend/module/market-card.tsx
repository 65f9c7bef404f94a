/** One card of the market grid (the original's Cards): logo, tags, title, downloads, price or state. */
import { AppstoreOutlined, DownloadOutlined } from '@ant-design/icons';
import { ModuleState } from '@portico/shared';
import { Card, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type MarketCard as Card_, onMachine, originalPriceText, priceText } from './market';
import { STATE_TAGS } from './module-card';

export function MarketCard({ card, onOpen }: { card: Card_; onOpen: () => void }) {
  const { t } = useTranslation();
  const here = onMachine(card.local) ? card.local : null;
  const tag = here ? (STATE_TAGS[here.state] ?? STATE_TAGS[ModuleState.uninstalled]) : null;
  const original = originalPriceText(card, t);
  return (
    <Card
      size="small"
      hoverable
      className="market-card"
      data-testid="market-card"
      data-uid={card.uid}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen();
      }}
      tabIndex={0}
      role="button"
      cover={
        card.logo ? (
          <img className="market-logo" src={card.logo} alt="" loading="lazy" />
        ) : (
          <div className="market-logo market-logo-local">
            <AppstoreOutlined />
          </div>
        )
      }
    >
      <div className="market-tags">
        {card.tags.map((name) => (
          <Tag key={name}>{name}</Tag>
        ))}
        {card.newVersion && (
          <Tag color="red" data-testid="market-new-version">
            {t('module.New version')}
          </Tag>
        )}
      </div>
      <Typography.Text strong ellipsis className="market-title">
        {card.title}
      </Typography.Text>
      <div className="market-footer">
        <span className="market-downloads">
          <DownloadOutlined /> {card.downloads}
        </span>
        {tag && here ? (
          <Tag color={tag.color} variant="solid" data-testid="module-state">
            {t(tag.label)}
          </Tag>
        ) : (
          <span className="market-price" data-testid="market-price">
            {original && <del className="market-original-price">{original}</del>}
            <span className="market-current-price">{priceText(card.price_type, card.price, t)}</span>
          </span>
        )}
      </div>
    </Card>
  );
}

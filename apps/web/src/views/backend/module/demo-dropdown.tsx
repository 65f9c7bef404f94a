/**
 * "View demo" in the goods info (as in the original): a dropdown of the store's demo entries,
 * each opening its address in a new tab; an entry with a QR code shows it in a popover,
 * "Code scanning Preview", so a phone demo can be opened by scanning.
 */
import { DownOutlined, EyeOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { StoreDemo } from '@portico/shared';
import { Button, Dropdown, Popover } from 'antd';
import { useTranslation } from 'react-i18next';

/** An element, not a component: the popover puts its hover handlers on the anchor itself. */
function demoLink(demo: StoreDemo) {
  return (
    <a
      href={demo.url}
      target="_blank"
      rel="noopener noreferrer"
      className="market-demo-link"
      data-testid="market-demo-entry"
    >
      {demo.image ? <QrcodeOutlined /> : <EyeOutlined />} {demo.title}
    </a>
  );
}

export function DemoDropdown({ demos }: { demos: StoreDemo[] }) {
  const { t } = useTranslation();
  const items = demos.map((demo, index) => ({
    key: String(index),
    label: demo.image ? (
      <Popover
        placement="right"
        title={t('module.Code scanning Preview')}
        content={<img className="market-demo-qr" src={demo.image} alt={demo.title} />}
      >
        {demoLink(demo)}
      </Popover>
    ) : (
      demoLink(demo)
    ),
  }));
  return (
    <Dropdown menu={{ items }} trigger={['hover', 'click']}>
      <Button data-testid="market-demo">
        {t('module.View demo')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

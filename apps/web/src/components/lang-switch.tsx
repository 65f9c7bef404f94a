/** The globe of the login pages: choosing a language reloads the page with its texts. */
import { GlobalOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { type Lang, useConfig } from '../stores/config';

export function LangSwitch({ style }: { style?: React.CSSProperties }) {
  const { langArray } = useConfig((s) => s.lang);
  const setLang = useConfig((s) => s.setLang);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: langArray.map((item) => ({ key: item.name, label: item.value })),
        onClick: ({ key }) => {
          setLang(key as Lang);
          location.reload();
        },
      }}
    >
      <button
        type="button"
        className="ba-icon-button"
        style={style}
        aria-label="language"
        data-testid="lang-switch"
      >
        <GlobalOutlined />
      </button>
    </Dropdown>
  );
}

/**
 * The globe of the login pages: choosing a language reloads the page with its texts. A
 * popover of plain buttons rather than a dropdown menu keeps the menu code out of the
 * login page's first load.
 */
import { GlobalOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { type Lang, useConfig } from '../stores/config';

export function LangSwitch({ style }: { style?: React.CSSProperties }) {
  const { langArray, defaultLang } = useConfig((s) => s.lang);
  const setLang = useConfig((s) => s.setLang);
  const choose = (lang: Lang) => {
    setLang(lang);
    location.reload();
  };
  const choices = (
    <div className="ba-lang-choices">
      {langArray.map((item) => (
        <button
          type="button"
          key={item.name}
          className={item.name === defaultLang ? 'is-active' : undefined}
          onClick={() => choose(item.name)}
        >
          {item.value}
        </button>
      ))}
    </div>
  );
  return (
    <Popover content={choices} trigger="click" placement="bottomRight">
      <button
        type="button"
        className="ba-icon-button"
        style={style}
        aria-label="language"
        data-testid="lang-switch"
      >
        <GlobalOutlined />
      </button>
    </Popover>
  );
}

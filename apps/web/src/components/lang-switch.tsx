/**
 * The globe of the login pages: choosing a language reloads the page with its texts. A
 * small list of plain buttons rather than antd's popover keeps the popup engine out of the
 * login page's first load; it closes on a choice, Escape or a click elsewhere.
 */
import { GlobalOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, useConfig } from '../stores/config';

export function LangSwitch({ style }: { style?: React.CSSProperties }) {
  const { t } = useTranslation();
  const { langArray, defaultLang } = useConfig((s) => s.lang);
  const setLang = useConfig((s) => s.setLang);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent ? event.key === 'Escape' : !box.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const choose = (lang: Lang) => {
    setLang(lang);
    location.reload();
  };

  return (
    <div ref={box} className="ba-lang-switch" style={style}>
      <button
        type="button"
        className="ba-icon-button"
        aria-label={t('layouts.Language')}
        title={t('layouts.Language')}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="lang-switch"
      >
        <GlobalOutlined />
      </button>
      {open && (
        <div className="ba-lang-choices" role="menu">
          {langArray.map((item) => (
            <button
              type="button"
              role="menuitem"
              key={item.name}
              className={item.name === defaultLang ? 'is-active' : undefined}
              onClick={() => choose(item.name)}
            >
              {item.value}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * The image captcha: an id chosen here, the image from /api/common/captcha?id=…, clicking
 * the image draws a new one. The server checks the answer once and forgets it.
 */
import { ApiController, apiUrl } from '@portico/shared';
// Not `Input` from 'antd', which brings its search box, text area and code input (login-form.tsx).
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function newCaptchaId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export function CaptchaInput({
  captchaId,
  onRefresh,
  value,
  onChange,
}: {
  captchaId: string;
  onRefresh: () => void;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Input
        size="large"
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={t('login.Captcha')}
        maxLength={6}
        autoComplete="off"
        id="captcha"
      />
      <button
        type="button"
        onClick={onRefresh}
        title={t('login.Click to refresh')}
        style={{ padding: 0, border: 0, background: 'none', cursor: 'pointer' }}
      >
        <img
          src={`${apiUrl(ApiController.common, 'captcha')}?id=${captchaId}`}
          alt={t('login.Captcha')}
          onLoad={() => setLoaded(true)}
          style={{ height: 40, width: 130, borderRadius: 6, opacity: loaded ? 1 : 0.4, display: 'block' }}
        />
      </button>
    </div>
  );
}

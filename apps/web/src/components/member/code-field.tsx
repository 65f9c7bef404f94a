/**
 * A verification code's field with its Send button beside it, as the member dialogs ask for
 * one (retrieving a password, proving the current address, binding a new one): the form's
 * `captcha` field, required.
 */
import { Form, Input } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from './send-code-button';

interface Props {
  label: string;
  /** Checks the form's fields the code depends on and says where to send it (null: not yet). */
  prepare: ComponentProps<typeof SendCodeButton>['prepare'];
}

export function CodeField({ label, prepare }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} required>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item
          name="captcha"
          noStyle
          rules={[{ required: true, message: t('login.Please enter the verification code') }]}
        >
          <Input autoComplete="one-time-code" />
        </Form.Item>
        <SendCodeButton prepare={prepare} />
      </div>
    </Form.Item>
  );
}

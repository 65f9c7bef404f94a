/**
 * "Two-factor sign-in" of the administrator's profile: whether it is on (and required by a
 * group), recovery codes left; set it up (scan, confirm with a first code, keep the recovery
 * codes) or turn it off with a code.
 */

import {
  beginTwoFactorSetup,
  CodeForm,
  disableTwoFactor,
  type Enrolment,
  EnrolmentQr,
  enableTwoFactor,
  RecoveryCodes,
  renewRecoveryCodes,
  type TwoFactorStatus,
  twoFactorStatus,
} from '@portico/web-sdk/two-factor';
import { Button, Card, Modal, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Dialog =
  | { kind: 'setup'; enrolment: Enrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'renew' }
  | { kind: 'off' }
  | null;

const TITLES: Record<NonNullable<Dialog>['kind'], string> = {
  setup: 'twoFactor.Set up two-factor sign-in',
  codes: 'twoFactor.Recovery codes',
  renew: 'twoFactor.New recovery codes',
  off: 'twoFactor.Turn off two-factor sign-in',
};

export default function TwoFactorCard() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const load = useCallback(() => {
    twoFactorStatus()
      .then(({ data }) => setStatus(data))
      .catch(() => {});
  }, []);
  useEffect(load, [load]);

  const close = () => {
    setDialog(null);
    load();
  };
  const setUp = () =>
    beginTwoFactorSetup()
      .then(({ data }) => setDialog({ kind: 'setup', enrolment: data }))
      .catch(() => {});
  /** Shows the recovery codes a call answers; false (the field cleared) when it was refused. */
  const showCodes = (answer: Promise<{ data: { recoveryCodes: string[] } }>) =>
    answer.then(
      ({ data }) => {
        setDialog({ kind: 'codes', codes: data.recoveryCodes });
        return true;
      },
      () => false,
    );
  const confirm = (code: string) => showCodes(enableTwoFactor(code));
  const renew = (code: string) => showCodes(renewRecoveryCodes(code));
  const turnOff = (code: string) =>
    disableTwoFactor(code).then(
      () => {
        close();
        return true;
      },
      () => false,
    );

  return (
    <Card title={t('twoFactor.Two-factor sign-in')} data-testid="two-factor-card">
      {status && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Tag color={status.enabled ? 'success' : 'default'} data-testid="two-factor-state">
              {t(status.enabled ? 'twoFactor.On' : 'twoFactor.Off')}
            </Tag>
            {status.required && <Tag color="processing">{t('twoFactor.Required by your group')}</Tag>}
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {status.enabled
              ? t('twoFactor.{count} recovery codes left', { count: status.recoveryCodesLeft })
              : t('twoFactor.A code from an authenticator app, asked after your password')}
          </Typography.Paragraph>
          {status.enabled ? (
            <Space wrap>
              <Button onClick={() => setDialog({ kind: 'renew' })}>
                {t('twoFactor.New recovery codes')}
              </Button>
              {!status.required && (
                <Button danger onClick={() => setDialog({ kind: 'off' })}>
                  {t('twoFactor.Turn off')}
                </Button>
              )}
            </Space>
          ) : (
            <Button type="primary" onClick={() => void setUp()}>
              {t('twoFactor.Set up')}
            </Button>
          )}
        </Space>
      )}
      <Modal
        open={dialog !== null}
        title={dialog ? t(TITLES[dialog.kind]) : ''}
        footer={null}
        onCancel={close}
        // The recovery codes are shown once: closing is the button's choice, not a stray click's.
        maskClosable={dialog?.kind !== 'codes'}
        destroyOnHidden
        width={420}
      >
        {dialog?.kind === 'setup' && (
          <>
            <EnrolmentQr enrolment={dialog.enrolment} />
            <CodeForm submitText={t('twoFactor.Turn on')} onSubmit={confirm} />
          </>
        )}
        {dialog?.kind === 'codes' && <RecoveryCodes codes={dialog.codes} onDone={close} />}
        {dialog?.kind === 'renew' && (
          <>
            <p>{t('twoFactor.The codes you have now stop working')}</p>
            <CodeForm submitText={t('twoFactor.New recovery codes')} onSubmit={renew} />
          </>
        )}
        {dialog?.kind === 'off' && (
          <CodeForm recovery danger submitText={t('twoFactor.Turn off')} onSubmit={turnOff} />
        )}
      </Modal>
    </Card>
  );
}

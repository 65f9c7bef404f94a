/**
 * "Reset two-factor sign-in" in the administrator form (slot `admin-form.fields`): a super
 * administrator removes another's second factor (a lost phone); the server logs it. Nobody
 * else sees it, and adding an administrator has nothing to reset.
 */

import { AdminController, adminUrl } from '@portico/shared';
import type { PageSlots } from '@portico/web-sdk/module';
import { createAxios } from '@portico/web-sdk/request';
import { useAdminInfo } from '@portico/web-sdk/stores';
import { Button, Form, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

function resetTwoFactor(id: number) {
  return createAxios(
    { url: adminUrl(AdminController.admin, 'resetTwoFactor'), method: 'post', data: { id } },
    { showSuccessMessage: true },
  );
}

export default function ResetTwoFactor({ operate, row }: PageSlots['admin-form.fields']) {
  const { t } = useTranslation();
  const isSuper = useAdminInfo((s) => s.super);
  if (!isSuper || operate !== 'edit') return null;
  return (
    <Form.Item label={t('twoFactorReset.Two-factor sign-in')}>
      <Popconfirm
        title={t('twoFactorReset.Reset two-factor sign-in?')}
        description={t(
          'twoFactorReset.They sign in with their password alone, or set up a new second factor if their group requires one',
        )}
        okText={t('twoFactorReset.Reset')}
        cancelText={t('Cancel')}
        onConfirm={() => resetTwoFactor(row.id).catch(() => {})}
      >
        <Button danger data-testid="reset-two-factor">
          {t('twoFactorReset.Reset two-factor sign-in')}
        </Button>
      </Popconfirm>
    </Form.Item>
  );
}

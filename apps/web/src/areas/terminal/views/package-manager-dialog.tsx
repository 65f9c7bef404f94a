/** "Please select package manager": asked for by the module installer; opens the panel too. */

import { useTerminal } from '@portico/web-sdk/terminal';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PackageManagerSelect } from './package-manager-select';

export function PackageManagerDialog() {
  const { t } = useTranslation();
  const open = useTerminal((s) => s.showPackageManagerDialog);
  const togglePackageManagerDialog = useTerminal((s) => s.togglePackageManagerDialog);
  const close = () => togglePackageManagerDialog(false);

  return (
    <Modal
      title={t('terminal.Please select package manager')}
      open={open}
      onCancel={close}
      onOk={close}
      okText={t('Confirm')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width="min(420px, calc(100vw - 32px))"
    >
      <PackageManagerSelect />
      <Typography.Paragraph type="secondary" className="ba-terminal-tip">
        {t('terminal.NPM package manager tip')}
      </Typography.Paragraph>
    </Modal>
  );
}

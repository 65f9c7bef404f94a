/** The package-manager choice, saved on the server (`changeTerminalConfig {manager}`). */
import { PACKAGE_MANAGER_SETTINGS, type PackageManagerSetting } from '@portico/shared';
import { useTerminal } from '@portico/web-sdk/terminal';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeTerminalConfig } from '../api';

export function PackageManagerSelect({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation();
  const packageManager = useTerminal((s) => s.packageManager);
  const setSettings = useTerminal((s) => s.setSettings);

  const change = async (manager: PackageManagerSetting) => {
    try {
      await changeTerminalConfig({ manager });
    } catch {
      // The request layer showed why; the choice stays what the server has.
      return;
    }
    setSettings({ npmPackageManager: manager });
    onChanged?.();
  };

  return (
    <Select
      value={packageManager}
      onChange={(value) => void change(value)}
      style={{ width: '100%', maxWidth: 240 }}
      aria-label={t('terminal.NPM package manager')}
      data-testid="terminal-package-manager"
      options={PACKAGE_MANAGER_SETTINGS.map((value) => ({
        value,
        label: value === 'none' ? t('terminal.Manual execution') : value.toUpperCase(),
      }))}
    />
  );
}

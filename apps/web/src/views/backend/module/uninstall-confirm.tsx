/**
 * The uninstall confirmation: exactly what the installer will delete from disk, and what it
 * keeps (a module the project ships is its own source), as the module list reported it.
 */
import type { ModuleUninstallPlan } from '@portico/shared';
import { Popconfirm, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function PathList({ label, paths }: { label: string; paths: string[] }) {
  const { t } = useTranslation();
  if (paths.length === 0) return null;
  return (
    <div>
      {t(label)}
      <ul className="module-uninstall-paths">
        {paths.map((path) => (
          <li key={path}>
            <Typography.Text code>{path}</Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function UninstallConfirm({
  plan,
  onConfirm,
  children,
}: {
  plan: ModuleUninstallPlan;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('module.Are you sure you want to uninstall this module? Its data tables are deleted too')}
      description={
        <div data-testid="module-uninstall-plan">
          <PathList label="module.Deleted from disk:" paths={plan.removes} />
          <PathList label="module.Kept, as part of the project source:" paths={plan.keeps} />
        </div>
      }
      onConfirm={onConfirm}
    >
      {children}
    </Popconfirm>
  );
}

/** The two decision screens: install conflicts (files, packages) and the disable conflicts. */
import type {
  ConflictSolution,
  ModuleConflictData,
  ModuleConflictDecisions,
  ModuleDependencyEnv,
  ModuleDisableConflictData,
} from '@portico/shared';
import { Alert, Button, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultDecisions, removalsOf } from './pipeline';

// Long project paths wrap instead of pushing the treatment out of a phone's screen.
const path = (text: string) => <span className="module-path">{text}</span>;
/** On a phone the rows stack (module.css): each cell shows its column title itself. */
const labelled = (title: string) => ({ title, onCell: () => ({ 'data-label': title }) as object });

export function InstallConflict({
  data,
  onConfirm,
}: {
  data: ModuleConflictData;
  onConfirm: (decisions: ModuleConflictDecisions) => void;
}) {
  const { t } = useTranslation();
  const [decisions, setDecisions] = useState(() => defaultDecisions(data));
  const setFile = (oldFile: string, solution: ConflictSolution) =>
    setDecisions((d) => ({ ...d, fileConflict: { ...d.fileConflict, [oldFile]: solution } }));
  const setDepend = (env: ModuleDependencyEnv, depend: string, solution: ConflictSolution) =>
    setDecisions((d) => ({
      ...d,
      dependConflict: { ...d.dependConflict, [env]: { ...d.dependConflict[env], [depend]: solution } },
    }));
  return (
    <div data-testid="module-install-conflict">
      {data.fileConflict.length > 0 && (
        <>
          <Typography.Title level={5}>{t('module.File conflict')}</Typography.Title>
          <Table
            className="module-conflict-table"
            size="small"
            pagination={false}
            rowKey="oldFile"
            dataSource={data.fileConflict}
            columns={[
              { ...labelled(t('module.New file')), dataIndex: 'newFile', render: path },
              { ...labelled(t('module.Existing file')), dataIndex: 'oldFile', render: path },
              {
                ...labelled(t('module.Treatment scheme')),
                render: (_, row) => (
                  <Select
                    className="module-treatment"
                    popupMatchSelectWidth={false}
                    value={decisions.fileConflict[row.oldFile]}
                    onChange={(v) => setFile(row.oldFile, v)}
                    options={[
                      { value: 'cover', label: t('module.Backup and overwrite existing files') },
                      { value: 'discard', label: t('module.Discard new file') },
                    ]}
                  />
                ),
              },
            ]}
          />
        </>
      )}
      {data.dependConflict.length > 0 && (
        <>
          <Typography.Title level={5}>{t('module.Dependency conflict')}</Typography.Title>
          <Table
            className="module-conflict-table"
            size="small"
            pagination={false}
            rowKey={(row) => `${row.env}:${row.depend}`}
            dataSource={data.dependConflict}
            columns={[
              {
                ...labelled(t('module.Environment')),
                dataIndex: 'env',
                render: (env: string) => t(`module.${env}`),
              },
              { ...labelled(t('module.New dependency')), dataIndex: 'newDepend' },
              { ...labelled(t('module.Existing dependencies')), dataIndex: 'oldDepend' },
              {
                ...labelled(t('module.Treatment scheme')),
                render: (_, row) => (
                  <Select
                    className="module-treatment"
                    popupMatchSelectWidth={false}
                    value={decisions.dependConflict[row.env]?.[row.depend]}
                    onChange={(v) => setDepend(row.env, row.depend, v)}
                    options={[
                      { value: 'cover', label: t('module.Overwrite existing dependencies') },
                      { value: 'discard', label: t('module.Do not use new dependencies') },
                    ]}
                  />
                ),
              },
            ]}
          />
        </>
      )}
      <Button
        type="primary"
        size="large"
        block
        style={{ marginTop: 16 }}
        onClick={() => onConfirm(decisions)}
      >
        {t('module.Confirm')}
      </Button>
    </div>
  );
}

export function DisableConflict({
  data,
  onConfirm,
  onCancel,
}: {
  data: ModuleDisableConflictData;
  onConfirm: (removals: Partial<Record<ModuleDependencyEnv, string[]>>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [retained, setRetained] = useState<Set<string>>(() => new Set());
  const choose = (key: string, retain: boolean) =>
    setRetained((set) => {
      const next = new Set(set);
      if (retain) next.add(key);
      else next.delete(key);
      return next;
    });
  return (
    <div data-testid="module-disable-conflict">
      {data.conflictFile.length > 0 && (
        <>
          <Typography.Title level={5}>{t('module.File conflict')}</Typography.Title>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            title={t(
              'module.The following module files have been updated and will be overwritten when disabled',
            )}
          />
          <Table
            className="module-conflict-table"
            size="small"
            pagination={false}
            rowKey={(file) => file}
            dataSource={data.conflictFile}
            columns={[{ ...labelled(t('module.Conflict file')), render: (_, file) => path(file) }]}
          />
        </>
      )}
      {data.dependConflict.length > 0 && (
        <>
          <Typography.Title level={5}>
            {t('module.The module declares the added dependencies')}
          </Typography.Title>
          <Table
            className="module-conflict-table"
            size="small"
            pagination={false}
            rowKey={(row) => `${row.env}:${row.depend}`}
            dataSource={data.dependConflict}
            columns={[
              {
                ...labelled(t('module.Environment')),
                dataIndex: 'env',
                render: (env: string) => t(`module.${env}`),
              },
              { ...labelled(t('module.Dependency')), dataIndex: 'dependTitle' },
              {
                ...labelled(t('module.Treatment scheme')),
                render: (_, row) => {
                  const key = `${row.env}:${row.depend}`;
                  return (
                    <Select
                      className="module-treatment"
                      popupMatchSelectWidth={false}
                      value={retained.has(key) ? 'retain' : 'delete'}
                      onChange={(v) => choose(key, v === 'retain')}
                      options={[
                        { value: 'delete', label: t('module.Delete') },
                        { value: 'retain', label: t('module.Retain') },
                      ]}
                    />
                  );
                },
              },
            ]}
          />
        </>
      )}
      <Space wrap style={{ marginTop: 16 }}>
        <Button type="primary" danger onClick={() => onConfirm(removalsOf(data, retained))}>
          {t('module.Confirm to disable the module')}
        </Button>
        <Button onClick={onCancel}>{t('module.Cancel')}</Button>
      </Space>
    </div>
  );
}

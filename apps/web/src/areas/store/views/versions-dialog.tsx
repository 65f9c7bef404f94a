/**
 * A module's versions: each a package zip uploaded as an attachment, checked by the server as
 * an upload installation is (its module.json must be this module's, its version newer than the
 * last), kept with its SHA-256; the update log is all that can be edited afterwards.
 */

import { AdminController, adminUrl, type StoreVersionRow } from '@portico/shared';
import { FormItem } from '@portico/web-sdk/form';
import type { FormProps, ListSpec, Row } from '@portico/web-sdk/list';
import { ListPage } from '@portico/web-sdk/list';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

function VersionForm({ operate }: FormProps<StoreVersionRow>) {
  return (
    <>
      {operate === 'add' && (
        <>
          {/* The module the dialog is for: sent with the form, never shown. */}
          <FormItem type="number" name="module_id" label="store.Module" hidden />
          <FormItem
            type="file"
            name="package"
            label="store.Package"
            rules={['required']}
            tip="store.Package help"
          />
        </>
      )}
      <FormItem type="textarea" name="update_log" label="store.Update log" inputAttr={{ rows: 6 }} />
    </>
  );
}

const sizeText = (row: Row) => `${(Number(row.size) / 1024).toFixed(1)} KB`;

export function VersionsDialog({ module, onClose }: { module: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const spec: ListSpec<StoreVersionRow> = {
    api: adminUrl(AdminController.storeVersion),
    title: 'store.Versions',
    // Always this module's versions; the administrator's own filters come on top.
    params: { search: [{ field: 'module_id', val: String(module.id), operator: '=' }] },
    quickSearchFields: 'store.Version',
    rowButtons: ['edit', 'delete'],
    columns: [
      { prop: 'id', label: 'Id', width: 70 },
      { prop: 'version', label: 'store.Version', width: 110, operator: 'LIKE' },
      { prop: 'update_log', label: 'store.Update log', operator: false },
      { prop: 'size', label: 'store.Size', width: 100, render: sizeText, operator: false },
      { prop: 'sha256', label: 'store.SHA-256', width: 160, operator: false },
      {
        prop: 'create_time',
        label: 'Create time',
        render: 'datetime',
        sortable: true,
        operator: 'RANGE',
        width: 170,
      },
    ],
    form: VersionForm,
    formDefaults: { module_id: module.id, package: '', update_log: '' },
  };
  return (
    <Modal
      open
      width="min(1100px, 100vw)"
      title={t('store.Versions of {title}', { title: String(module.title) })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <ListPage spec={spec} />
    </Modal>
  );
}

/**
 * store/module: the modules this store publishes. A module's versions (its package zips) are
 * managed from its row, in the versions dialog.
 */
import { HistoryOutlined } from '@ant-design/icons';
import { AdminController, adminUrl, type StoreModuleRow } from '@portico/shared';
import { FormItem } from '@portico/web-sdk/form';
import type { ListSpec, Row } from '@portico/web-sdk/list';
import { ListPage } from '@portico/web-sdk/list';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoListInput } from './demo-list-input';
import { PRICE_TYPE_COLUMN, PRICE_TYPES, STATUS } from './labels';
import { VersionsDialog } from './versions-dialog';

function ModuleForm() {
  return (
    <>
      <FormItem type="string" name="uid" label="store.Uid" rules={['required']} />
      <FormItem type="string" name="title" label="store.Title" rules={['required']} />
      <FormItem
        type="remoteSelect"
        name="category_id"
        label="store.Category"
        remote={{ url: adminUrl(AdminController.storeCategory, 'index'), field: 'name' }}
      />
      <FormItem type="image" name="logo" label="store.Logo" />
      <FormItem type="images" name="images" label="store.Images" />
      <FormItem type="string" name="tags" label="store.Tags" tip="store.Tags help" />
      <FormItem type="textarea" name="description" label="store.Description" inputAttr={{ rows: 8 }} />
      <FormItem type="string" name="developer" label="store.Developer" />
      <FormItem type="string" name="developer_url" label="store.Developer website" placeholder="https://" />
      <FormItem
        type="string"
        name="developer_contact"
        label="store.Developer contact"
        tip="store.Developer contact help"
        placeholder="https:// / mailto:"
      />
      <DemoListInput />
      <FormItem type="radio" name="price_type" label="store.Price type" content={PRICE_TYPES} />
      <FormItem type="string" name="price" label="store.Price" tip="store.Price help" />
      <FormItem type="string" name="original_price" label="store.Original price" />
      <FormItem type="number" name="weigh" label="store.Weight" />
      <FormItem type="radio" name="status" label="State" content={STATUS} />
    </>
  );
}

export default function ModuleList() {
  const { t } = useTranslation();
  const [versionsOf, setVersionsOf] = useState<Row | null>(null);
  const spec: ListSpec<StoreModuleRow> = {
    api: adminUrl(AdminController.storeModule),
    quickSearchFields: 'store.Quick search of modules',
    rowButtons: ['weigh-sort', 'edit', 'delete'],
    columns: [
      { prop: 'id', label: 'Id', width: 70 },
      { prop: 'logo', label: 'store.Logo', width: 80, render: 'image', operator: false },
      { prop: 'uid', label: 'store.Uid', width: 130, operator: 'LIKE' },
      { prop: 'title', label: 'store.Title', width: 180, operator: 'LIKE' },
      { prop: 'developer', label: 'store.Developer', width: 130, operator: 'LIKE' },
      PRICE_TYPE_COLUMN,
      { prop: 'price', label: 'store.Price', width: 100, operator: false },
      { prop: 'downloads', label: 'store.Downloads', width: 110, sortable: true, operator: 'RANGE' },
      { prop: 'weigh', label: 'store.Weight', width: 90, sortable: true },
      {
        prop: 'status',
        label: 'State',
        width: 100,
        render: 'switch',
        replaceValue: STATUS,
        comSearchRender: 'select',
      },
      {
        prop: 'update_time',
        label: 'Update time',
        render: 'datetime',
        sortable: true,
        operator: 'RANGE',
        width: 170,
      },
    ],
    form: ModuleForm,
    formDefaults: {
      price_type: 'free',
      price: '',
      original_price: '',
      status: '1',
      weigh: 0,
      category_id: 0,
      demos: [],
    },
    formWidth: 800,
    extraRowButtons: (row) => (
      <Tooltip title={t('store.Versions')}>
        <Button
          size="small"
          icon={<HistoryOutlined />}
          aria-label={t('store.Versions')}
          onClick={() => setVersionsOf(row)}
          data-testid="store-versions"
        />
      </Tooltip>
    ),
  };
  return (
    <>
      <ListPage spec={spec} />
      {versionsOf && <VersionsDialog module={versionsOf} onClose={() => setVersionsOf(null)} />}
    </>
  );
}

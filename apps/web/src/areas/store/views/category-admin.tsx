/** store/category: the market's category tabs. */

import { AdminController, adminUrl, type StoreCategoryRow } from '@portico/shared';
import { FormItem } from '@portico/web-sdk/form';
import type { ListSpec } from '@portico/web-sdk/list';
import { ListPage } from '@portico/web-sdk/list';
import { STATUS } from './labels';

function CategoryForm() {
  return (
    <>
      <FormItem type="string" name="name" label="store.Name" rules={['required']} />
      <FormItem type="number" name="weigh" label="store.Weight" />
      <FormItem type="radio" name="status" label="State" content={STATUS} />
    </>
  );
}

export default function CategoryList() {
  const spec: ListSpec<StoreCategoryRow> = {
    api: adminUrl(AdminController.storeCategory),
    quickSearchFields: 'store.Name',
    rowButtons: ['weigh-sort', 'edit', 'delete'],
    columns: [
      { prop: 'id', label: 'Id', width: 70 },
      { prop: 'name', label: 'store.Name', operator: 'LIKE' },
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
        prop: 'create_time',
        label: 'Create time',
        render: 'datetime',
        sortable: true,
        operator: 'RANGE',
        width: 170,
      },
    ],
    form: CategoryForm,
    formDefaults: { status: '1', weigh: 0 },
  };
  return <ListPage spec={spec} />;
}

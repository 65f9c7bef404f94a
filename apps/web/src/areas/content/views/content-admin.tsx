/**
 * content/content: the articles and pages published at /article/{id} and /page/{id}. The body
 * is HTML, written with the editor form item (a textarea until an editor is installed); the
 * server sanitizes it on save and again when serving it.
 */
import { LinkOutlined } from '@ant-design/icons';
import { AdminController, adminUrl, type ContentRow } from '@portico/shared';
import { FormItem } from '@portico/web-sdk/form';
import type { ListSpec, Row } from '@portico/web-sdk/list';
import { DEFAULT_HEADER, ListPage } from '@portico/web-sdk/list';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const KINDS = { article: 'content.content.article', page: 'content.content.page' };
const STATUS = { '0': 'content.content.Draft', '1': 'content.content.Published' };

function ContentForm() {
  return (
    <>
      <FormItem type="radio" name="kind" label="content.content.Kind" content={KINDS} rules={['required']} />
      <FormItem type="string" name="title" label="content.content.Title" rules={['required']} />
      <FormItem type="editor" name="body" label="content.content.Body" />
      <FormItem type="radio" name="status" label="State" content={STATUS} />
      <FormItem type="number" name="weigh" label="content.content.Weight" />
    </>
  );
}

/** Where visitors read it. */
function publicPath(row: Row): string {
  return `/${row.kind === 'page' ? 'page' : 'article'}/${row.id}`;
}

export default function ContentList() {
  const { t } = useTranslation();
  const spec: ListSpec<ContentRow> = {
    api: adminUrl(AdminController.content),
    quickSearchFields: 'content.content.Title',
    columns: [
      { prop: 'id', label: 'Id', width: 70 },
      {
        prop: 'kind',
        label: 'content.content.Kind',
        width: 100,
        render: 'tag',
        replaceValue: KINDS,
        custom: { article: 'blue', page: 'purple' },
        comSearchRender: 'select',
      },
      { prop: 'title', label: 'content.content.Title', operator: 'LIKE' },
      {
        prop: 'status',
        label: 'State',
        width: 100,
        render: 'switch',
        replaceValue: STATUS,
        comSearchRender: 'select',
        noDblClick: true,
      },
      { prop: 'weigh', label: 'content.content.Weight', width: 90, sortable: true },
      { prop: 'update_time', label: 'Update time', render: 'datetime', sortable: true, operator: 'RANGE' },
      { prop: 'create_time', label: 'Create time', render: 'datetime', sortable: true, operator: 'RANGE' },
    ],
    headerButtons: [...DEFAULT_HEADER, 'import'],
    // The form's field an import may fill that no column shows.
    importLabels: { body: 'content.content.Body' },
    form: ContentForm,
    formDefaults: { kind: 'article', status: '1', weigh: 0, body: '' },
    formWidth: 860,
    extraRowButtons: (row) =>
      row.status === '1' ? (
        <Tooltip title={t('content.content.Open public page')}>
          <Button
            size="small"
            icon={<LinkOutlined />}
            href={publicPath(row)}
            target="_blank"
            aria-label={t('content.content.Open public page')}
          />
        </Tooltip>
      ) : null,
  };
  return <ListPage spec={spec} />;
}

/** routine/attachment: the uploaded files (as in the original). Delete removes record and file. */
import { AdminController, ApiController, type AttachmentRow, adminUrl, apiUrl } from '@portico/shared';
import { Image } from 'antd';
import { FormItem } from '../../../../components/form/form-item';
import { ListPage } from '../../../../components/table/list-page';
import type { ListSpec, Row } from '../../../../components/table/types';
import { fileSize } from '../../../../utils/file-size';

function Preview(row: Row) {
  return String(row.mimetype).startsWith('image/') ? (
    <Image src={row.url} width={48} height={48} style={{ objectFit: 'cover' }} />
  ) : (
    // The public variant: an <img> cannot send the admin token.
    <img
      src={`${apiUrl(ApiController.ajax, 'buildSuffixSvg')}?suffix=${encodeURIComponent(String(row.name).split('.').pop() ?? 'file')}`}
      alt={String(row.name)}
      width={48}
      height={48}
    />
  );
}

function AttachmentForm() {
  return <FormItem type="string" name="name" label="routine.attachment.Original name" rules={['required']} />;
}

const spec: ListSpec<AttachmentRow> = {
  api: adminUrl(AdminController.attachment),
  quickSearchFields: 'routine.attachment.Original name',
  headerButtons: ['refresh', 'edit', 'delete', 'comSearch', 'export', 'quickSearch', 'columnDisplay'],
  columns: [
    { prop: 'id', label: 'Id', width: 70 },
    { prop: 'topic', label: 'routine.attachment.Storage directory', render: 'tag', operator: 'LIKE' },
    { prop: 'admin_nickname', label: 'routine.attachment.Upload administrator', operator: false },
    { prop: 'user_nickname', label: 'routine.attachment.Upload user', operator: false, hidden: true },
    { prop: 'url', label: 'routine.attachment.Preview', render: Preview, operator: false, noDblClick: true },
    {
      prop: 'size',
      label: 'routine.attachment.Size',
      render: (row) => fileSize(Number(row.size)),
      operator: false,
    },
    { prop: 'mimetype', label: 'routine.attachment.Mime type', operator: 'LIKE', overflowTooltip: true },
    {
      prop: 'quote',
      label: 'routine.attachment.Upload (Reference) times',
      operator: 'RANGE',
      sortable: true,
    },
    { prop: 'name', label: 'routine.attachment.Original name', operator: 'LIKE' },
    { prop: 'storage', label: 'routine.attachment.Storage mode', render: 'tag', operator: false },
    {
      prop: 'last_upload_time',
      label: 'routine.attachment.Last upload time',
      render: 'datetime',
      sortable: true,
      operator: 'RANGE',
    },
  ],
  form: AttachmentForm,
};

export default function AttachmentList() {
  return <ListPage spec={spec} />;
}

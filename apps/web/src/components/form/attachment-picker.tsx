/** "Select File": choose from the attachment library, newest first, 8 per page. */
import { AdminController, adminUrl } from '@portico/shared';
import { Image, Modal, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAxios } from '../../api/request';
import { fileSize } from '../../utils/file-size';
import { timeFormat } from '../../utils/time';

interface Attachment {
  id: number;
  url: string;
  name: string;
  mimetype: string;
  size: number;
  topic: string;
  last_upload_time: number;
}

export function AttachmentPicker({
  images,
  limit,
  onChoose,
  onClose,
}: {
  images: boolean;
  /** How many may still be chosen; 0 for no limit. */
  limit: number;
  onChoose(urls: string[]): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Attachment[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Attachment[]>([]);

  useEffect(() => {
    const search = images ? [{ field: 'mimetype', val: 'image', operator: 'LIKE' }] : [];
    createAxios<{ list: Attachment[]; total: number }>({
      url: adminUrl(AdminController.attachment, 'index'),
      method: 'get',
      params: { page, limit: 8, search },
    })
      .then(({ data }) => {
        setRows(data.list);
        setTotal(data.total);
      })
      .catch(() => {});
  }, [images, page]);

  return (
    <Modal
      open
      width="60%"
      style={{ top: '4vh' }}
      title={t('utils.Select File')}
      okText={t('utils.choice')}
      okButtonProps={{ disabled: chosen.length === 0 }}
      onOk={() => onChoose(chosen.map((row) => row.url))}
      onCancel={onClose}
    >
      {limit > 0 && (
        <p>{t('utils.You can also select {count} items', { count: Math.max(0, limit - chosen.length) })}</p>
      )}
      <Table<Attachment>
        rowKey="id"
        size="small"
        dataSource={rows}
        rowSelection={{
          selectedRowKeys: chosen.map((row) => row.id),
          onChange: (_keys, selected) => setChosen(limit > 0 ? selected.slice(0, limit) : selected),
          getCheckboxProps: (row) => ({
            disabled: limit > 0 && chosen.length >= limit && !chosen.some((c) => c.id === row.id),
          }),
        }}
        pagination={{ current: page, pageSize: 8, total, onChange: setPage }}
        columns={[
          { title: t('Id'), dataIndex: 'id', width: 60 },
          {
            title: t('utils.preview'),
            dataIndex: 'url',
            render: (url: string, row) =>
              row.mimetype.startsWith('image/') ? (
                <Image src={url} width={40} height={40} style={{ objectFit: 'cover' }} />
              ) : null,
          },
          { title: t('utils.Original name'), dataIndex: 'name' },
          { title: t('utils.size'), dataIndex: 'size', render: (size: number) => fileSize(size) },
          {
            title: t('utils.Last upload time'),
            dataIndex: 'last_upload_time',
            render: (time: number) => timeFormat(time),
          },
        ]}
      />
    </Modal>
  );
}

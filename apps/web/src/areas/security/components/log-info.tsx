/**
 * The info dialog of both security logs: loads `info?id=` (which joins the rule and both
 * administrators) and lays out the fields each log passes, plus whether and by whom the
 * entry was restored or rolled back.
 */

import type { Row } from '@portico/web-sdk/list';
import { createAxios } from '@portico/web-sdk/request';
import { timeFormat } from '@portico/web-sdk/time';
import { Descriptions, Modal, Spin, Tag } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UndoAction } from './undo-buttons';
import './security.css';

export interface InfoItem {
  label: string;
  render(row: Row): ReactNode;
  span?: number;
}

export function adminName(nickname: unknown, username: unknown): string {
  if (!username) return '-';
  return `${String(nickname ?? '')}(${String(username)})`;
}

/** Whether an entry was undone, and by whom and when (in the tag's tooltip). */
export function undoneTag(undo: UndoAction) {
  return function UndoneTag(row: Row) {
    return <UndoneTagView row={row} undo={undo} />;
  };
}

function UndoneTagView({ row, undo }: { row: Row; undo: UndoAction }) {
  const { t } = useTranslation();
  if (row[undo.flag] !== 1) return <Tag>{t(undo.status.no)}</Tag>;
  const name = adminName(row.undo_nickname, row.undo_username);
  return (
    <Tag color="success" title={t(undo.status.by, { name, time: timeFormat(row[undo.timeField] as number) })}>
      {t(undo.status.yes)}
    </Tag>
  );
}

export function LogInfo({
  api,
  id,
  items,
  onClose,
}: {
  api: string;
  id: number;
  items: InfoItem[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [row, setRow] = useState<Row | null>(null);
  useEffect(() => {
    createAxios<{ row: Row }>({ url: `${api}info`, method: 'get', params: { id } }).then(
      (res) => setRow(res.data.row),
      onClose,
    );
  }, [api, id, onClose]);
  return (
    <Modal open title={t('Info')} footer={null} width={760} onCancel={onClose}>
      {row ? (
        <Descriptions bordered column={2} size="small">
          {items.map((item) => (
            <Descriptions.Item key={item.label} label={t(item.label)} span={item.span ?? 1}>
              {item.render(row)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

/**
 * The info dialog of both security logs: loads `info?id=` (which joins the rule and both
 * administrators) and lays out the fields each log passes, plus whether and by whom the
 * entry was restored or rolled back.
 */
import { Descriptions, Modal, Spin, Tag } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAxios } from '../../api/request';
import { timeFormat } from '../../utils/time';
import type { Row } from '../table/types';
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

export interface UndoneLabels {
  yes: string;
  no: string;
  by: string;
}

/**
 * Renders whether an entry was undone, and by whom and when (in the tag's tooltip), from
 * the flag and time columns of its log.
 */
export function undoneTag(flag: string, timeField: string, labels: UndoneLabels) {
  return function UndoneTag(row: Row) {
    return <UndoneTagView row={row} flag={flag} timeField={timeField} labels={labels} />;
  };
}

function UndoneTagView({
  row,
  flag,
  timeField,
  labels,
}: {
  row: Row;
  flag: string;
  timeField: string;
  labels: UndoneLabels;
}) {
  const { t } = useTranslation();
  if (row[flag] !== 1) return <Tag>{t(labels.no)}</Tag>;
  const name = adminName(row.undo_nickname, row.undo_username);
  return (
    <Tag color="success" title={t(labels.by, { name, time: timeFormat(row[timeField] as number) })}>
      {t(labels.yes)}
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

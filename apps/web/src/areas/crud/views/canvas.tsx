/**
 * The centre pane: the fields in order, each with its name and comment inputs, move up/down
 * (the touch screens' reorder), the association button of remote selects and delete. Palette
 * items dropped on a field go before it, dropped below the last one go at the end; a dragged
 * field moves the same way.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { CrudField } from '@portico/shared/crud-design';
import { Button, Card, Empty, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DragRef, type DragSource, startDrag } from './drag';

export interface CanvasProps {
  fields: CrudField[];
  selected: number | null;
  drag: DragRef;
  onSelect: (index: number) => void;
  onDrop: (source: DragSource, at: number) => void;
  onMove: (from: number, to: number) => void;
  onRename: (index: number, name: string) => void;
  onComment: (index: number, comment: string) => void;
  onRemote: (index: number) => void;
  onRemove: (index: number) => void;
}

const isRemote = (field: CrudField) =>
  field.designType === 'remoteSelect' || field.designType === 'remoteSelects';

export function Canvas(props: CanvasProps) {
  const { t } = useTranslation();
  const { fields, drag } = props;
  const [over, setOver] = useState<number | null>(null);

  const allow = (index: number) => (event: React.DragEvent) => {
    if (!drag.current) return;
    event.preventDefault();
    event.stopPropagation();
    setOver(index);
  };
  const drop = (index: number) => (event: React.DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setOver(null);
    const source = drag.current;
    drag.current = null;
    if (source) props.onDrop(source, index);
  };

  return (
    <Card size="small" data-testid="crud-canvas">
      <ol
        aria-label={t('crud.crud.Fields')}
        className="crud-canvas"
        onDragOver={allow(fields.length)}
        onDragLeave={() => setOver(null)}
        onDrop={drop(fields.length)}
      >
        {fields.length === 0 && (
          <Empty description={t('crud.crud.Drag the left element here to start designing CRUD')} />
        )}
        {fields.map((field, index) => (
          <li
            // Fields may share a name while being edited: the position is their identity here.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            data-testid="crud-field"
            className={`crud-canvas-item${props.selected === index ? ' selected' : ''}${over === index ? ' drop-before' : ''}`}
            draggable
            onDragStart={(event) => startDrag(drag, { kind: 'field', index }, event)}
            onDragOver={allow(index)}
            onDrop={drop(index)}
            onClickCapture={() => props.onSelect(index)}
            onFocusCapture={() => props.onSelect(index)}
          >
            <Space size={4} wrap style={{ marginBottom: 6 }}>
              <Tag>{field.designType}</Tag>
              {field.primaryKey && <Tag color="gold">PK</Tag>}
            </Space>
            <div className="crud-canvas-item-inputs">
              <Input
                size="small"
                aria-label={t('crud.crud.Field Name')}
                value={field.name}
                onChange={(e) => props.onRename(index, e.target.value)}
              />
              <Input
                size="small"
                aria-label={t('crud.crud.field comment')}
                value={field.comment}
                onChange={(e) => props.onComment(index, e.target.value)}
              />
              <Space.Compact>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('crud.crud.Move up')}
                  disabled={index === 0}
                  onClick={() => props.onMove(index, index - 1)}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('crud.crud.Move down')}
                  disabled={index === fields.length - 1}
                  onClick={() => props.onMove(index, index + 1)}
                />
                {isRemote(field) && (
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('crud.crud.Remote drop-down association information')}
                    onClick={() => props.onRemote(index)}
                  />
                )}
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('Delete')}
                  onClick={(event) => {
                    event.stopPropagation();
                    props.onRemove(index);
                  }}
                />
              </Space.Compact>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

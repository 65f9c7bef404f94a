/**
 * The Design step: the table's name and comment, its pending changes (a design of an existing
 * table), export and import as JSON, Generate and Give up; the advanced settings; then the
 * palette, the canvas and the selected field's properties side by side (stacked when narrow).
 */
import { FIELD_PALETTE, type PaletteItem } from '@portico/shared/crud-design';
import { hasModuleFormInput } from '@portico/web-sdk/form';
import { saveFile } from '@portico/web-sdk/request';
import { Alert, Button, Flex, Form, Input, Modal, message, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tableNameRefusal } from '../design/checks';
import { designFileName, designFromJson, designToJson } from '../design/json-file';
import {
  addField,
  type Design,
  isEmptyDesign,
  moveField,
  openDesign,
  removeField,
  renameField,
  updateField,
  updateTable,
} from '../design/model';
import { AdvancedSettings } from './advanced-settings';
import { Canvas } from './canvas';
import { DesignChangeDialog } from './design-change-dialog';
import type { DragRef, DragSource } from './drag';
import { Palette } from './palette';
import { Properties } from './properties';
import { RemoteDialog } from './remote-dialog';
import { type Go, useGenerate } from './use-generate';

export interface DesignerProps {
  initial: Design;
  onGiveUp: () => void;
  /** Where the page goes once generated (tests replace the page load). */
  go?: Go;
}

export function Designer({ initial, onGiveUp, go }: DesignerProps) {
  const { t } = useTranslation();
  const [design, setDesign] = useState(initial);
  const [selected, setSelected] = useState<number | null>(null);
  const [remoteOf, setRemoteOf] = useState<number | null>(null);
  const [changesOpen, setChangesOpen] = useState(false);
  const [nameTouched, setNameTouched] = useState(false);
  const drag = useRef(null) as DragRef;
  const fileInput = useRef<HTMLInputElement>(null);
  const generate = useGenerate(go);

  const add = (item: PaletteItem, at?: number) => {
    const next = addField(design, item, at);
    setDesign(next);
    setSelected(at ?? next.fields.length - 1);
  };
  const move = (from: number, to: number) => {
    const next = moveField(design, from, to);
    setDesign(next);
    if (selected === from) setSelected(Math.max(0, Math.min(to, next.fields.length - 1)));
  };
  const drop = (source: DragSource, at: number) => {
    if (source.kind === 'field') return move(source.index, source.index < at ? at - 1 : at);
    const item = FIELD_PALETTE.find((p) => p.key === source.key);
    if (item) add(item, at);
  };
  const remove = (index: number) => {
    setDesign(removeField(design, index));
    setSelected(null);
  };
  const giveUp = () => {
    if (isEmptyDesign(design)) return onGiveUp();
    Modal.confirm({
      title: t('crud.crud.It is irreversible to give up the design Are you sure you want to give up?'),
      okText: t('crud.crud.give up'),
      cancelText: t('Cancel'),
      onOk: onGiveUp,
    });
  };
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const { table, fields } = designFromJson(await file.text());
      // An imported design changes an existing table the way its record would.
      setDesign(openDesign(design.type, table, fields));
      setSelected(null);
    } catch {
      void message.error(t('crud.crud.This file is not a CRUD design'));
    }
  };

  const nameRefusal = nameTouched ? tableNameRefusal(design.table.name) : null;
  const field = selected === null ? null : (design.fields[selected] ?? null);
  // A rich-text field's form shows "Please install editor" until an editor module is installed.
  const editorMissing = design.fields.some((f) => f.designType === 'editor') && !hasModuleFormInput('editor');

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="crud-designer">
      <Flex wrap gap={8} align="start">
        <Form.Item
          style={{ marginBottom: 0, flex: '1 1 200px' }}
          validateStatus={nameRefusal ? 'error' : undefined}
          help={nameRefusal ? t(`crud.crud.${nameRefusal.key}`) : undefined}
        >
          <Input
            aria-label={t('crud.crud.Name of the data table')}
            placeholder={t('crud.crud.Name of the data table')}
            value={design.table.name}
            onChange={(e) => {
              setNameTouched(true);
              setDesign(updateTable(design, { name: e.target.value }));
            }}
          />
        </Form.Item>
        <Input
          style={{ flex: '1 1 200px' }}
          aria-label={t('crud.crud.Data Table Notes')}
          placeholder={t('crud.crud.Data Table Notes')}
          value={design.table.comment}
          onChange={(e) => setDesign(updateTable(design, { comment: e.target.value }))}
        />
        <Space wrap>
          {design.type !== 'create' && (
            <Typography.Link onClick={() => setChangesOpen(true)}>
              {t('crud.crud.Table design change')} ({design.table.designChange.length})
            </Typography.Link>
          )}
          <Button
            onClick={() =>
              saveFile(new Blob([designToJson(design)], { type: 'application/json' }), designFileName(design))
            }
          >
            {t('crud.crud.Export design')}
          </Button>
          <Button onClick={() => fileInput.current?.click()}>{t('crud.crud.Import design')}</Button>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            hidden
            data-testid="crud-import-file"
            onChange={(e) => {
              void importFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button type="primary" onClick={() => void generate(design)}>
            {t('crud.crud.Generate CRUD code')}
          </Button>
          <Button onClick={giveUp}>{t('crud.crud.give up')}</Button>
        </Space>
      </Flex>
      {editorMissing && (
        <Alert type="warning" showIcon title={t('crud.crud.No editor module is installed')} />
      )}
      <AdvancedSettings
        table={design.table}
        fields={design.fields}
        onChange={(patch) => setDesign(updateTable(design, patch))}
      />
      <div className="crud-panes">
        <Palette drag={drag} onAdd={(item) => add(item)} />
        <Canvas
          fields={design.fields}
          selected={selected}
          drag={drag}
          onSelect={setSelected}
          onDrop={drop}
          onMove={move}
          onRename={(index, name) => setDesign(renameField(design, index, name))}
          onComment={(index, comment) => setDesign(updateField(design, index, { comment }))}
          onRemote={setRemoteOf}
          onRemove={remove}
        />
        <Properties
          field={field}
          onRename={(name) => selected !== null && setDesign(renameField(design, selected, name))}
          onChange={(patch) => selected !== null && setDesign(updateField(design, selected, patch))}
        />
      </div>
      {remoteOf !== null && design.fields[remoteOf] && (
        <RemoteDialog
          form={design.fields[remoteOf].form}
          onSave={(form) => setDesign(updateField(design, remoteOf, { form }))}
          onClose={() => setRemoteOf(null)}
        />
      )}
      {changesOpen && (
        <DesignChangeDialog
          table={design.table}
          onChange={(patch) => setDesign(updateTable(design, patch))}
          onClose={() => setChangesOpen(false)}
        />
      )}
    </Space>
  );
}

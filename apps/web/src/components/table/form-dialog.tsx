/**
 * The add/edit dialog: loads the row for Edit, submits to `add` or `edit`, and walks
 * through several selected rows ('Save and edit next item'). Enter submits; inside a
 * textarea or a rich-text editor Ctrl+Enter does. Clicking outside does not close it.
 * Closing plays the dialog's leave animation before `onClose`, so the focus goes back to
 * the button that opened it (antd restores it when the dialog closes, not when it is dropped).
 */
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from '@portico/shared';
import { Button, Form, Modal, Spin } from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAxios } from '../../api/request';
import { useConfig } from '../../stores/config';
import type { ListSpec, Row } from './types';

export interface FormTarget {
  operate: 'add' | 'edit';
  /** Rows still to edit, the current one first. */
  ids: unknown[];
}

export function FormDialog<R extends Row>({
  spec,
  target,
  extra,
  onClose,
  onSaved,
}: {
  spec: ListSpec<R>;
  target: FormTarget;
  extra: Row;
  /** Once the dialog has closed (cancelled, or saved with nothing more to edit). */
  onClose(): void;
  /** After a save: the rows still to edit, or null when the dialog is closing. */
  onSaved(next: FormTarget | null): void;
}) {
  const { t } = useTranslation();
  const shrink = useConfig((s) => s.layout.shrink);
  const [form] = Form.useForm();
  const [row, setRow] = useState<R | null>(target.operate === 'add' ? ({ ...spec.formDefaults } as R) : null);
  const [saving, setSaving] = useState(false);
  // One change per opening: its retries carry the same key.
  const [onceKey] = useState(newIdempotencyKey);
  const [open, setOpen] = useState(true);
  const close = useCallback(() => setOpen(false), []);
  const pk = spec.pk ?? 'id';
  const id = target.ids[0];
  const Fields = spec.form;

  useEffect(() => {
    if (target.operate !== 'edit') return;
    setRow(null);
    createAxios<{ row: R }>({ url: `${spec.api}edit`, method: 'get', params: { [pk]: id } })
      .then(({ data }) => {
        setRow(data.row);
        form.resetFields();
        form.setFieldsValue(data.row);
      })
      .catch(close);
  }, [target.operate, id, spec.api, pk, form, close]);

  const submit = async () => {
    // A failed validation shows its messages by the fields; there is nothing more to report.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const data = target.operate === 'edit' ? { ...values, [pk]: id } : values;
      const once = spec.idempotentAdd && target.operate === 'add';
      await createAxios(
        {
          url: `${spec.api}${target.operate}`,
          method: 'post',
          data,
          ...(once ? { headers: { [IDEMPOTENCY_KEY_HEADER]: onceKey } } : {}),
        },
        { showSuccessMessage: true },
      );
      const rest = target.ids.slice(1);
      const next: FormTarget | null =
        target.operate === 'edit' && rest.length > 0 ? { operate: 'edit', ids: rest } : null;
      if (!next) close();
      onSaved(next);
    } catch {
      // Shown by the request layer; the dialog stays open with what was typed.
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const target = event.target as HTMLElement;
    // Multi-line fields (a textarea, a rich-text editor's contenteditable area) take Enter as a new line.
    const multiLine =
      target.tagName === 'TEXTAREA' || !!target.closest('[contenteditable]:not([contenteditable="false"])');
    if (multiLine && !event.ctrlKey) return;
    if (target.closest('.ant-select')) return;
    event.preventDefault();
    void submit();
  };

  const more = target.operate === 'edit' && target.ids.length > 1;
  return (
    <Modal
      open={open}
      afterClose={onClose}
      title={t(target.operate === 'add' ? 'Add' : 'Edit')}
      width={spec.formWidth ?? 720}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('Cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={saving}
          onClick={() => void submit()}
          data-testid="form-save"
        >
          {t(more ? 'Save and edit next item' : 'Save')}
        </Button>,
      ]}
    >
      <Spin spinning={!row}>
        <div className="ba-form-body">
          <Form
            form={form}
            onKeyDown={onKeyDown}
            initialValues={row ?? undefined}
            layout={shrink ? 'vertical' : 'horizontal'}
            labelCol={shrink ? undefined : { flex: '160px' }}
            labelWrap
            preserve={false}
          >
            {Fields && row && <Fields operate={target.operate} row={row} extra={extra} />}
          </Form>
        </div>
      </Spin>
    </Modal>
  );
}

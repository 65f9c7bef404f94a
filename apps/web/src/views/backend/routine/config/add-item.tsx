/** "Add configuration item": a new variable in a group, with its input type and options. */
import { AdminController, adminUrl } from '@portico/shared';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAxios } from '../../../../api/request';
import { FormItem } from '../../../../components/form/form-item';
import { INPUT_TYPES } from '../../../../components/form/types';

const RULES = ['required', 'email', 'mobile', 'account', 'password', 'number', 'integer', 'url', 'varName'];
const WITH_OPTIONS = ['radio', 'checkbox', 'select', 'selects'];

export function AddConfigItem({
  groups,
  onClose,
  onAdded,
}: {
  groups: Record<string, string>;
  onClose(): void;
  onAdded(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const type = Form.useWatch('type', form) as string | undefined;
  const [saving, setSaving] = useState(false);

  const add = async () => {
    // A failed validation shows its messages by the fields; there is nothing more to report.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await createAxios(
        { url: adminUrl(AdminController.config, 'add'), method: 'post', data: values },
        { showSuccessMessage: true },
      );
      onAdded();
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('routine.config.Add configuration item')}
      okText={t('Add')}
      confirmLoading={saving}
      onOk={() => void add()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        labelCol={{ flex: '160px' }}
        initialValues={{ type: 'string', content: 'key1=value1\nkey2=value2', weigh: 0, rule: [] }}
      >
        <FormItem
          type="select"
          name="group"
          label="routine.config.Variable grouping"
          rules={['required']}
          content={groups}
        />
        <FormItem
          type="string"
          name="name"
          label="routine.config.Variable name"
          rules={['required', 'varName']}
        />
        <FormItem type="string" name="title" label="routine.config.Variable title" rules={['required']} />
        <FormItem
          type="select"
          name="type"
          label="routine.config.Variable type"
          rules={['required']}
          content={Object.fromEntries(INPUT_TYPES.map((value) => [value, value]))}
        />
        <FormItem
          type="textarea"
          name="content"
          label="routine.config.Dictionary data"
          hidden={!WITH_OPTIONS.includes(type ?? '')}
        />
        <FormItem type="string" name="tip" label="routine.config.Tip" />
        <FormItem
          type="selects"
          name="rule"
          label="routine.config.Validation rules"
          content={Object.fromEntries(RULES.map((r) => [r, r]))}
        />
        <FormItem type="textarea" name="extend" label="routine.config.Extended properties" />
        <FormItem type="number" name="weigh" label="routine.config.Weight" rules={['integer']} />
      </Form>
    </Modal>
  );
}

/**
 * One labelled form field of any input type (as in the original): the widget,
 * its value contract (radio, checkbox and select values are strings; a switch keeps the
 * type of its value; dates travel as formatted strings), validation by rule name, a tip
 * after the label and a help line under the input.
 */
import { QuestionCircleOutlined } from '@ant-design/icons';
import {
  Checkbox,
  ColorPicker,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Switch,
  TimePicker,
  Tooltip,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { secondsToPicked } from '../../utils/site-dayjs';
import { ArrayInput } from './array-input';
import { CityInput } from './city-input';
import { IconSelect } from './icon-select';
import { moduleInput } from './module-input';
import { RemoteSelect, type RemoteSelectProps } from './remote-select';
import { buildRules, type RuleName } from './rules';
import { type Content, DATE_FORMATS, type InputType, optionsOf } from './types';
import './form.css';
import { UploadInput } from './upload-input';

export interface FormItemProps {
  /** A core input type, or one a module provides (module-contract/contract.ts formInputs). */
  type: InputType | (string & {});
  name: string;
  /** Translation key. */
  label: string;
  rules?: RuleName[];
  content?: Content;
  /** Translation key, or text shown as it is ('https://'). */
  placeholder?: string;
  tip?: string;
  blockHelp?: ReactNode;
  /** remoteSelect / remoteSelects source. */
  remote?: Omit<RemoteSelectProps, 'value' | 'onChange' | 'multiple'>;
  /** Extra props for the input. */
  inputAttr?: Record<string, unknown>;
  hidden?: boolean;
}

export function FormItem({
  type,
  name,
  label,
  rules = [],
  content,
  placeholder,
  tip,
  blockHelp,
  remote,
  inputAttr,
  hidden,
}: FormItemProps) {
  const { t } = useTranslation();
  const title = t(label);
  const labelNode = tip ? (
    <span>
      {title}{' '}
      <Tooltip title={t(tip)}>
        <QuestionCircleOutlined />
      </Tooltip>
    </span>
  ) : (
    title
  );
  // A module's own type is unknown to the core's switches, which then leave it to the module input.
  const coreType = type as InputType;
  const valueProps = valueContract(coreType);
  return (
    <Form.Item
      name={name}
      label={labelNode}
      rules={buildRules(rules, title, t, name)}
      extra={blockHelp}
      hidden={hidden}
      className={`ba-input-item-${type}`}
      {...valueProps}
    >
      {input(coreType, { t, title, content, placeholder: placeholder && t(placeholder), remote, inputAttr })}
    </Form.Item>
  );
}

type Convert = {
  valuePropName?: string;
  getValueProps?: (value: unknown) => Record<string, unknown>;
  normalize?: (value: unknown, previous: unknown) => unknown;
};

/** How each type stores its value in the form. */
function valueContract(type: InputType): Convert {
  if (type === 'switch') {
    return {
      getValueProps: (value) => ({ checked: value === '1' || value === 1 || value === true }),
      // The stored type is kept: '1'/'0' strings, 1/0 numbers or booleans.
      normalize: (checked, previous) =>
        typeof previous === 'number'
          ? Number(checked)
          : typeof previous === 'boolean'
            ? checked
            : checked
              ? '1'
              : '0',
    };
  }
  if (type === 'datetime' || type === 'date' || type === 'year' || type === 'time') {
    const format = DATE_FORMATS[type];
    return {
      getValueProps: (value) => ({ value: toDayjs(value, format) }),
      normalize: (value) => (dayjs.isDayjs(value) ? value.format(format) : ''),
    };
  }
  if (type === 'radio' || type === 'select') {
    return {
      getValueProps: (value) => ({ value: value === undefined || value === null ? value : String(value) }),
    };
  }
  if (type === 'checkbox' || type === 'selects') {
    return { getValueProps: (value) => ({ value: listOf(value) }) };
  }
  if (type === 'color') {
    return {
      normalize: (value) =>
        typeof value === 'string' ? value : (value as { toHexString(): string }).toHexString(),
    };
  }
  return {};
}

function toDayjs(value: unknown, format: string): Dayjs | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return secondsToPicked(value);
  const parsed = dayjs(String(value), format);
  return parsed.isValid() ? parsed : null;
}

/** Comma text or a list, as strings. */
function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value !== '') return value.split(',');
  return [];
}

interface InputContext {
  t: (key: string, params?: Record<string, unknown>) => string;
  title: string;
  content?: Content;
  placeholder?: string;
  remote?: FormItemProps['remote'];
  inputAttr?: Record<string, unknown>;
}

function input(
  type: InputType,
  { t, title, content, placeholder, remote, inputAttr = {} }: InputContext,
): ReactNode {
  const enter = placeholder ?? t('Please input field', { field: title });
  // A module's input comes first: that is how the editor module replaces the fallback below.
  const ModuleInput = moduleInput(type);
  if (ModuleInput) return <ModuleInput placeholder={enter} {...inputAttr} />;
  const choose = placeholder ?? t('Please select field', { field: title });
  const options = optionsOf(content, t);
  switch (type) {
    case 'string':
      return <Input placeholder={enter} {...inputAttr} />;
    case 'password':
      return <Input.Password placeholder={enter} autoComplete="new-password" {...inputAttr} />;
    case 'number':
      return <InputNumber placeholder={enter} style={{ width: '100%' }} {...inputAttr} />;
    case 'textarea':
      return <Input.TextArea placeholder={enter} autoSize={{ minRows: 2, maxRows: 6 }} {...inputAttr} />;
    case 'radio':
      return <Radio.Group options={options} {...inputAttr} />;
    case 'checkbox':
      return <Checkbox.Group options={options} {...inputAttr} />;
    case 'switch':
      return <Switch {...inputAttr} />;
    case 'select':
    case 'selects':
      return (
        <Select
          allowClear
          mode={type === 'selects' ? 'multiple' : undefined}
          options={options}
          placeholder={choose}
          {...inputAttr}
        />
      );
    case 'datetime':
      return <DatePicker showTime format={DATE_FORMATS.datetime} style={{ width: '100%' }} {...inputAttr} />;
    case 'date':
      return <DatePicker format={DATE_FORMATS.date} style={{ width: '100%' }} {...inputAttr} />;
    case 'year':
      return <DatePicker picker="year" format={DATE_FORMATS.year} style={{ width: '100%' }} {...inputAttr} />;
    case 'time':
      return <TimePicker format={DATE_FORMATS.time} style={{ width: '100%' }} {...inputAttr} />;
    case 'remoteSelect':
    case 'remoteSelects':
      return remote ? (
        <RemoteSelect {...remote} multiple={type === 'remoteSelects'} placeholder={choose} />
      ) : null;
    case 'array':
      return <ArrayInput {...inputAttr} />;
    case 'image':
    case 'images':
    case 'file':
    case 'files':
      return <UploadInput kind={type} {...inputAttr} />;
    case 'city':
      return <CityInput {...inputAttr} />;
    case 'icon':
      return <IconSelect />;
    case 'color':
      return <ColorPicker showText {...inputAttr} />;
    case 'editor':
      return <EditorFallback hint={t('utils.Please install editor')} placeholder={enter} {...inputAttr} />;
    default:
      return <Input placeholder={enter} {...inputAttr} />;
  }
}

/**
 * The editor form item while no rich-text editor module is installed: the field stays
 * editable as HTML source in a textarea, under a hint saying why.
 */
function EditorFallback({
  hint,
  ...textarea
}: {
  hint: string;
  value?: string;
  onChange?: (event: unknown) => void;
  placeholder?: string;
}) {
  return (
    <div className="ba-editor-fallback">
      <div className="ba-editor-missing">{hint}</div>
      <Input.TextArea autoSize={{ minRows: 8, maxRows: 24 }} {...textarea} />
    </div>
  );
}

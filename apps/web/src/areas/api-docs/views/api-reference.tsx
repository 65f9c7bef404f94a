/**
 * routine/apiReference: every route of the site as the server's OpenAPI document describes
 * it (`/admin/routine.ApiReference/index`, generated from the routes' schemas), searchable,
 * grouped by controller, with who may call each route and what it takes and answers.
 * A page of its own, loaded only when opened.
 */

import { AdminController, adminUrl } from '@portico/shared';
import { apiBaseUrl, createAxios } from '@portico/web-sdk/request';
import { Alert, Card, Collapse, Empty, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Definitions, type JsonSchema, schemaText } from './api-schema-text';
import './api-reference.css';

interface Parameter {
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  'x-access': 'public' | 'login' | 'permission';
  'x-permission'?: string;
  'x-member-center'?: boolean;
  'x-rate-limited'?: boolean;
  'x-produces'?: string;
  'x-ticket'?: boolean;
}

interface OpenApiDocument {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Definitions };
}

interface Entry {
  key: string;
  method: string;
  path: string;
  tag: string;
  operation: Operation;
}

type Area = 'all' | 'admin' | 'api';

const METHOD_COLORS: Record<string, string> = { get: 'blue', post: 'green', delete: 'red', put: 'orange' };
const CODES = ['1', '0', '302', '303', '401', '409', '301', '408'] as const;

export default function ApiReferencePage() {
  const { t } = useTranslation();
  const [document, setDocument] = useState<OpenApiDocument | null>(null);
  const [search, setSearch] = useState('');
  const [area, setArea] = useState<Area>('all');

  useEffect(() => {
    createAxios<OpenApiDocument>({ url: adminUrl(AdminController.apiReference, 'index'), method: 'get' })
      .then(({ data }) => setDocument(data))
      .catch(() => {});
  }, []);

  const groups = useMemo(() => groupEntries(document, search, area), [document, search, area]);

  return (
    <Space orientation="vertical" size="middle" className="ba-api-reference">
      <Card>
        <Typography.Paragraph>{t('routine.apiReference.intro')}</Typography.Paragraph>
        <Typography.Paragraph>{t('routine.apiReference.authentication')}</Typography.Paragraph>
        <div className="ba-api-codes">
          {CODES.map((code) => (
            <div key={code}>
              <Tag color={code === '1' ? 'green' : code === '0' ? 'red' : 'default'}>{code}</Tag>
              {t(`routine.apiReference.code ${code}`)}
            </div>
          ))}
        </div>
        <Typography.Link href={`${apiBaseUrl()}/api/openapi.json`} download="portico-openapi.json">
          {t('routine.apiReference.Download the OpenAPI document')}
          {document ? ` (${document.info.version})` : ''}
        </Typography.Link>
      </Card>
      <div className="ba-api-filters">
        <Input.Search
          allowClear
          placeholder={t('routine.apiReference.Search by path, summary or permission')}
          aria-label={t('routine.apiReference.Search by path, summary or permission')}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Segmented<Area>
          value={area}
          onChange={setArea}
          options={[
            { value: 'all', label: t('routine.apiReference.All') },
            { value: 'admin', label: t('routine.apiReference.Back office') },
            { value: 'api', label: t('routine.apiReference.Members and public') },
          ]}
        />
      </div>
      {document && groups.length === 0 ? (
        <Empty description={t('routine.apiReference.No route matches')} />
      ) : null}
      {groups.map(([tag, entries]) => (
        <Card key={tag} size="small" title={tag} className="ba-api-group">
          <Collapse
            size="small"
            items={entries.map((entry) => ({
              key: entry.key,
              label: <OperationTitle entry={entry} />,
              children: (
                <OperationDetail
                  operation={entry.operation}
                  definitions={document?.components?.schemas ?? {}}
                />
              ),
            }))}
          />
        </Card>
      ))}
    </Space>
  );
}

function groupEntries(document: OpenApiDocument | null, search: string, area: Area): [string, Entry[]][] {
  if (!document) return [];
  const needle = search.trim().toLowerCase();
  const groups = new Map<string, Entry[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    if (area !== 'all' && !path.startsWith(`/${area}/`)) continue;
    for (const [method, operation] of Object.entries(item)) {
      const haystack = `${path} ${operation.summary ?? ''} ${operation['x-permission'] ?? ''}`.toLowerCase();
      if (needle && !haystack.includes(needle)) continue;
      const tag = operation.tags?.[0] ?? path;
      const entries = groups.get(tag) ?? [];
      entries.push({ key: `${method} ${path}`, method, path, tag, operation });
      groups.set(tag, entries);
    }
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

function OperationTitle({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const { operation } = entry;
  return (
    <div className="ba-api-operation">
      <Tag color={METHOD_COLORS[entry.method]} className="ba-api-method">
        {entry.method.toUpperCase()}
      </Tag>
      <code className="ba-api-path">{entry.path}</code>
      <span className="ba-api-summary">{operation.summary}</span>
      {operation['x-access'] === 'permission' ? (
        <Tag className="ba-api-access">{operation['x-permission']}</Tag>
      ) : (
        <Tag className="ba-api-access" color={operation['x-access'] === 'public' ? 'gold' : 'cyan'}>
          {operation['x-access'] === 'public'
            ? t('routine.apiReference.Public')
            : t('routine.apiReference.Signed in')}
        </Tag>
      )}
    </div>
  );
}

function OperationDetail({ operation, definitions }: { operation: Operation; definitions: Definitions }) {
  const { t } = useTranslation();
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.name);
  const body = operation.requestBody?.content?.['application/json']?.schema;
  // The 200 answer is allOf [Envelope, {properties: {data}}].
  const envelope = operation.responses?.['200']?.content?.['application/json']?.schema;
  const answer = (envelope?.allOf as JsonSchema[] | undefined)?.[1];
  const data = (answer?.properties as Record<string, JsonSchema> | undefined)?.data;
  const notes = [
    operation['x-ticket']
      ? t('routine.apiReference.A super administrator with a ticket')
      : operation['x-access'] === 'permission'
        ? t('routine.apiReference.Needs the permission', { permission: operation['x-permission'] })
        : operation['x-access'] === 'login'
          ? t('routine.apiReference.Any signed-in account')
          : t('routine.apiReference.No token needed'),
    operation['x-member-center'] ? t('routine.apiReference.Refused while the member centre is off') : '',
    operation['x-rate-limited'] ? t('routine.apiReference.Counts toward the sign-in attempt budget') : '',
    operation['x-produces'] ? t('routine.apiReference.Answers', { type: operation['x-produces'] }) : '',
  ].filter(Boolean);
  return (
    <Space orientation="vertical" size="small" className="ba-api-detail">
      <Alert type="info" showIcon title={notes.join(' ')} />
      {parameters.length > 0 ? (
        <>
          <Typography.Text strong>{t('routine.apiReference.Parameters')}</Typography.Text>
          <Table<Parameter>
            size="small"
            pagination={false}
            rowKey={(parameter) => `${parameter.in}:${parameter.name}`}
            dataSource={parameters}
            scroll={{ x: true }}
            columns={[
              {
                title: t('routine.apiReference.Name'),
                dataIndex: 'name',
                render: (name) => <code>{name}</code>,
              },
              { title: t('routine.apiReference.In'), dataIndex: 'in' },
              {
                title: t('routine.apiReference.Type'),
                render: (_, parameter) => <code>{schemaText(parameter.schema ?? {}, definitions)}</code>,
              },
              {
                title: t('routine.apiReference.Required'),
                dataIndex: 'required',
                render: (required) => (required ? t('routine.apiReference.Yes') : ''),
              },
              { title: t('routine.apiReference.Description'), dataIndex: 'description' },
            ]}
          />
        </>
      ) : null}
      {body ? (
        <>
          <Typography.Text strong>{t('routine.apiReference.Request body')}</Typography.Text>
          <pre className="ba-api-schema">{schemaText(body, definitions)}</pre>
        </>
      ) : null}
      <Typography.Text strong>{t('routine.apiReference.Answer data')}</Typography.Text>
      <pre className="ba-api-schema">{data ? schemaText(data, definitions) : 'null'}</pre>
    </Space>
  );
}

/**
 * user/moneyLog and user/scoreLog (as in the original): the changes to members' balance or
 * points. Rows are never edited or deleted; adding a change shows the member's value
 * after it while typing.
 */
import {
  AdminController,
  adminUrl,
  INTEGER_COLUMN,
  inIntegerRange,
  type MoneyLogRow,
  type ScoreLogRow,
} from '@portico/shared';
import { FormItem } from '@portico/web-sdk/form';
import { type FormProps, ListPage, type ListSpec, useTabQuery } from '@portico/web-sdk/list';
import { createAxios } from '@portico/web-sdk/request';
import { Form, InputNumber } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type LedgerKind = 'money' | 'score';

/** One screen lists either ledger: its amount column is `money` or `score`. */
type LedgerRow = MoneyLogRow | ScoreLogRow;

const API = { money: adminUrl(AdminController.moneyLog), score: adminUrl(AdminController.scoreLog) } as const;
const LABEL = { money: 'user.ledger.Balance', score: 'user.ledger.Integral' } as const;

/**
 * Stored units (cents, points) and back: the server keeps both in 32-bit integer columns,
 * and the form refuses what it would refuse, with the same words, before sending.
 */
const UNITS = {
  money: {
    toUnits: (value: number) => Math.round(value * 100),
    show: (units: number) => (units / 100).toFixed(2),
  },
  score: { toUnits: (value: number) => Math.trunc(value), show: (units: number) => String(units) },
} as const;

interface Member {
  id: number;
  username: string;
  nickname: string;
  money?: string;
  score?: number;
}

function LedgerForm({ kind }: { kind: LedgerKind } & FormProps<LedgerRow>) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const userId = Form.useWatch('user_id', form) as number | string | undefined;
  const amount = Form.useWatch(kind, form) as number | null | undefined;
  const [member, setMember] = useState<Member | null>(null);

  useEffect(() => {
    if (!userId) return setMember(null);
    createAxios<{ user: Member }>({ url: `${API[kind]}add`, method: 'get', params: { userId } })
      .then(({ data }) => setMember(data.user))
      .catch(() => setMember(null));
  }, [userId, kind]);

  const current = Number(member?.[kind] ?? 0);
  const after =
    kind === 'money'
      ? (current + Number(amount ?? 0)).toFixed(2)
      : String(current + Math.trunc(Number(amount ?? 0)));
  return (
    <>
      <FormItem
        type="remoteSelect"
        name="user_id"
        label="user.ledger.User"
        rules={['required']}
        remote={{ url: adminUrl(AdminController.member, 'index'), field: 'nickname_text' }}
      />
      <Form.Item label={t('user.user.username')}>{member?.username ?? '-'}</Form.Item>
      <Form.Item label={t(LABEL[kind])}>{member ? String(member[kind]) : '-'}</Form.Item>
      <Form.Item
        name={kind}
        label={t('user.ledger.Change amount')}
        rules={[
          { required: true, message: t('Please input field', { field: t('user.ledger.Change amount') }) },
          {
            validator: async (_rule, value) => {
              if (Number(value) === 0) throw new Error(t('user.ledger.The change amount cannot be 0'));
              const units = UNITS[kind];
              const range = { min: units.show(INTEGER_COLUMN.min), max: units.show(INTEGER_COLUMN.max) };
              const change = units.toUnits(Number(value));
              if (!inIntegerRange(change)) {
                throw new Error(t('user.ledger.The change amount must be between {min} and {max}', range));
              }
              const result = units.toUnits(current) + change;
              if (member && !inIntegerRange(result)) {
                throw new Error(
                  t(
                    'user.ledger.The value after the change would be {value}, outside the allowed range of {min} to {max}',
                    {
                      ...range,
                      value: units.show(result),
                    },
                  ),
                );
              }
            },
          },
        ]}
      >
        <InputNumber
          style={{ width: '100%' }}
          precision={kind === 'money' ? 2 : 0}
          data-testid="ledger-amount"
        />
      </Form.Item>
      <Form.Item label={t('user.ledger.After change')}>
        <span data-testid="ledger-after">{member ? after : '-'}</span>
      </Form.Item>
      <FormItem type="textarea" name="memo" label="user.ledger.Remark" rules={['required']} />
    </>
  );
}

export function LedgerPage({ kind }: { kind: LedgerKind }) {
  const query = useTabQuery();
  const userId = Number(query.get('user_id')) || undefined;
  const spec: ListSpec<LedgerRow> = {
    api: API[kind],
    quickSearchFields: 'user.user.username and nickname',
    headerButtons: ['refresh', 'add', 'comSearch', 'export', 'quickSearch', 'columnDisplay'],
    rowButtons: [],
    columns: [
      { prop: 'id', label: 'Id', width: 70 },
      { prop: 'user_id', label: 'user.ledger.User ID', width: 80 },
      { prop: 'username', label: 'user.user.username', searchField: 'user.username', operator: 'LIKE' },
      { prop: 'nickname', label: 'user.user.nickname', searchField: 'user.nickname', operator: 'LIKE' },
      { prop: kind, label: 'user.ledger.Change amount', operator: 'RANGE', sortable: true },
      { prop: 'before', label: 'user.ledger.Before', operator: 'RANGE', sortable: true },
      { prop: 'after', label: 'user.ledger.After', operator: 'RANGE', sortable: true },
      { prop: 'memo', label: 'user.ledger.Remark', operator: 'LIKE', overflowTooltip: true },
      { prop: 'create_time', label: 'Create time', render: 'datetime', sortable: true, operator: 'RANGE' },
    ],
    form: (props: FormProps<LedgerRow>) => <LedgerForm kind={kind} {...props} />,
    formDefaults: { user_id: userId },
    // A change retried after a lost answer must not move the value twice.
    idempotentAdd: true,
    // Log rows are history: double-clicking opens nothing.
    onDblClick: () => {},
  };
  return <ListPage spec={spec} />;
}

/**
 * The green Restore / Rollback buttons of the two security logs: one in the header for the
 * selected entries, one per row. Both confirm first and answer with the server's message (a
 * conflict names the entry, row and field); an entry already undone offers no row button.
 */
import { SearchOutlined } from '@ant-design/icons';
import { createAxios } from '@portico/web-sdk/request';
import { useAuth } from '@portico/web-sdk/stores';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface UndoAction {
  /** Resource base, e.g. '/admin/security.DataRecycleLog/'. */
  api: string;
  /** Server action and permission: 'restore' or 'rollback'. */
  action: 'restore' | 'rollback';
  label: string;
  confirm: string;
  tip: string;
  icon: ReactNode;
  /** The entry's flag column (1 once undone) and the time it was undone. */
  flag: 'is_restore' | 'is_rollback';
  timeField: 'restore_time' | 'rollback_time';
  /** Translation keys of the status: undone, not undone, and "by {name} at {time}". */
  status: { yes: string; no: string; by: string };
}

function undo({ api, action }: UndoAction, ids: Key[]) {
  return createAxios({ url: `${api}${action}`, method: 'post', data: { ids } }, { showSuccessMessage: true });
}

/**
 * Asks first, then undoes `ids`; nothing at all without the permission. The button's tooltip
 * is hidden while the popover is open: it opens above the button as the popover does, over
 * the popover's own buttons, and stayed open under the pointer on its way to them.
 */
function ConfirmUndo({
  spec,
  ids,
  done,
  tip,
  children,
}: {
  spec: UndoAction;
  ids: Key[];
  done(): void;
  tip: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const can = useAuth();
  const [confirming, setConfirming] = useState(false);
  if (!can(spec.action)) return null;
  return (
    <Popconfirm
      title={t(spec.confirm)}
      okText={t(spec.label)}
      cancelText={t('Cancel')}
      disabled={ids.length === 0}
      open={confirming}
      onOpenChange={setConfirming}
      onConfirm={() => undo(spec, ids).then(done, () => undefined)}
    >
      <Tooltip title={tip} {...(confirming ? { open: false } : {})}>
        {children}
      </Tooltip>
    </Popconfirm>
  );
}

export function UndoHeaderButton({
  spec,
  selected,
  done,
}: {
  spec: UndoAction;
  selected: Key[];
  done(): void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmUndo spec={spec} ids={selected} done={done} tip={t(spec.tip)}>
      <Button color="green" variant="solid" icon={spec.icon} disabled={selected.length === 0}>
        {t(spec.label)}
      </Button>
    </ConfirmUndo>
  );
}

function UndoRowButton({ spec, id, done }: { spec: UndoAction; id: Key; done(): void }) {
  const { t } = useTranslation();
  return (
    <ConfirmUndo spec={spec} ids={[id]} done={done} tip={t(spec.label)}>
      <Button size="small" color="green" variant="solid" icon={spec.icon} aria-label={t(spec.label)} />
    </ConfirmUndo>
  );
}

/** A log row's Info button, and its undo button while the entry is not yet undone. */
export function LogRowButtons({
  spec,
  id,
  undone,
  onInfo,
  done,
}: {
  spec: UndoAction;
  id: number;
  undone: boolean;
  onInfo(): void;
  done(): void;
}) {
  const { t } = useTranslation();
  return (
    <Space size={6}>
      <Tooltip title={t('Info')}>
        <Button
          size="small"
          type="primary"
          icon={<SearchOutlined />}
          onClick={onInfo}
          aria-label={t('Info')}
        />
      </Tooltip>
      {!undone && <UndoRowButton spec={spec} id={id} done={done} />}
    </Space>
  );
}

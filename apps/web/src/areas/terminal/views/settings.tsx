/**
 * Terminal setup (the original's settings): npm source, package manager, cleanup. The
 * original's port only told its client that the API ran on PHP's one-request-at-a-time dev
 * server; Portico has none, so it is not offered (the server still takes and answers it for
 * the original client).
 */
import { NPM_REGISTRIES, type NpmRegistryName, TerminalTaskStatus } from '@portico/shared';
import { addTask, useTerminal } from '@portico/web-sdk/terminal';
import { Button, Form, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PackageManagerSelect } from './package-manager-select';

const REGISTRY_NAMES = Object.keys(NPM_REGISTRIES) as NpmRegistryName[];

export function TerminalSettingsView() {
  const { t } = useTranslation();
  const automaticCleanupTask = useTerminal((s) => s.automaticCleanupTask);
  const dispatch = useTerminal((s) => s.dispatch);
  const toggleConfigDialog = useTerminal((s) => s.toggleConfigDialog);

  return (
    <Form layout="vertical" className="ba-terminal-settings" data-testid="terminal-settings">
      <Form.Item label={t('terminal.NPM source')}>
        <NpmRegistrySelect />
      </Form.Item>
      <Form.Item label={t('terminal.NPM package manager')} extra={t('terminal.NPM package manager tip')}>
        <PackageManagerSelect />
      </Form.Item>
      <Form.Item label={t('terminal.Clear successful task')} extra={t('terminal.Clear successful task tip')}>
        <Radio.Group
          value={automaticCleanupTask}
          onChange={(event) => dispatch({ type: 'set-automatic-cleanup', value: event.target.value })}
          options={[
            { value: '0', label: t('Disable') },
            { value: '1', label: t('Enable') },
          ]}
        />
      </Form.Item>
      <Button type="primary" onClick={() => toggleConfigDialog(false)} data-testid="terminal-back">
        {t('terminal.Back to terminal')}
      </Button>
    </Form>
  );
}

/**
 * Choosing a source runs `set-npm-registry.<name>`; the select waits for it. When the task
 * fails, a dialog says so and the select goes back to the previous source.
 */
function NpmRegistrySelect() {
  const { t } = useTranslation();
  const npmRegistry = useTerminal((s) => s.npmRegistry);
  const setSettings = useTerminal((s) => s.setSettings);
  const [busy, setBusy] = useState(false);

  const change = (name: NpmRegistryName | 'unknown') => {
    if (name === 'unknown') return;
    const previous = npmRegistry;
    setSettings({ npmRegistry: name });
    setBusy(true);
    addTask(`set-npm-registry.${name}`, false, '', (status) => {
      setBusy(false);
      if (status === TerminalTaskStatus.success) return;
      setSettings({ npmRegistry: previous });
      Modal.confirm({
        title: t('terminal.Reminder'),
        content: t('terminal.Failed to modify the source command, Please try again manually'),
        okText: t('Confirm'),
        cancelButtonProps: { style: { display: 'none' } },
      });
    });
  };

  // 'Unknown' is offered only to show a source this project's configuration does not name.
  const options: { value: NpmRegistryName | 'unknown'; label: string }[] = REGISTRY_NAMES.map((name) => ({
    value: name,
    label: name,
  }));
  if (npmRegistry === 'unknown') options.push({ value: 'unknown', label: t('terminal.Unknown') });
  return (
    <Select<NpmRegistryName | 'unknown'>
      value={npmRegistry}
      loading={busy}
      disabled={busy}
      onChange={change}
      options={options}
      style={{ width: '100%', maxWidth: 240 }}
      aria-label={t('terminal.NPM source')}
      data-testid="terminal-npm-registry"
    />
  );
}

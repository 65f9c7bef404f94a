/** The install pipeline's screens: which screen each installer answer leads to (as in the original). */
import { type ModuleConflictData, ModuleState } from '@portico/shared';
import { describe, expect, it } from 'vitest';
import enModule from '../src/lang/en/module';
import zhModule from '../src/lang/zh-cn/module';
import {
  afterDependenciesReady,
  afterDisable,
  afterInstall,
  afterPackages,
  canFinish,
  defaultDecisions,
  dialogTitle,
  doneTitle,
  finishAction,
  finishLabel,
  loadingText,
  mustWaitForRestart,
  removalsOf,
  restartByHand,
} from '../src/views/backend/module/pipeline';

const conflict: ModuleConflictData = {
  uid: 'notes',
  state: ModuleState.conflictPending,
  fileConflict: [{ newFile: 'notes/apps/web/a.ts', oldFile: 'apps/web/a.ts', solution: 'cover' }],
  dependConflict: [
    {
      env: 'webDependencies',
      newDepend: 'dayjs ^2',
      oldDepend: 'dayjs ^1',
      depend: 'dayjs',
      solution: 'cover',
    },
  ],
};

describe('install answers', () => {
  it('a finished install shows the done screen with nothing to install and the rebuild flag', () => {
    const step = afterInstall('notes', { code: 1, data: { needRebuild: true, needRestart: false } });
    expect(step.effect).toEqual({ type: 'none' });
    expect(step.screen).toMatchObject({
      type: 'done',
      state: ModuleState.installed,
      dependency: 'none',
      needRebuild: true,
    });
    expect(canFinish(step.screen)).toBe(true);
    if (step.screen.type === 'done')
      expect(doneTitle(step.screen)).toBe('Congratulations, module installation is complete');
  });

  it('conflicts (-1) show both tables; Confirm sends cover for each by default, keyed as the server expects', () => {
    const step = afterInstall('notes', { code: -1, data: conflict });
    expect(step.screen).toMatchObject({ type: 'conflict', uid: 'notes' });
    expect(defaultDecisions(conflict)).toEqual({
      fileConflict: { 'apps/web/a.ts': 'cover' },
      dependConflict: { webDependencies: { dayjs: 'cover' } },
    });
  });

  it('packages to install (-2) queue web-install for the module and keep End of installation until they end', () => {
    const step = afterInstall('notes', { code: -2, data: { wait_install: ['web'], needRebuild: true } });
    expect(step.effect).toEqual({ type: 'install-packages', extend: 'module-install:notes' });
    expect(step.screen).toMatchObject({
      type: 'done',
      dependency: 'executing',
      state: ModuleState.dependentWaitInstall,
    });
    expect(canFinish(step.screen)).toBe(false);
    if (step.screen.type === 'done')
      expect(doneTitle(step.screen)).toBe('Congratulations, the code of the module is ready');

    const ok = afterPackages(step.screen, true);
    expect(ok).toMatchObject({ dependency: 'success', state: ModuleState.installed });
    expect(canFinish(ok)).toBe(true);
    const failed = afterPackages(step.screen, false);
    expect(failed).toMatchObject({ dependency: 'fail', state: ModuleState.dependentWaitInstall });
    expect(canFinish(failed)).toBe(true);
  });

  it("the installer's answer after the packages keeps the first answer's rebuild and restart", () => {
    const waiting = afterInstall('notes', {
      code: -2,
      data: { needRebuild: true, needRestart: false },
    }).screen;
    const failed = afterPackages(waiting, false);
    const answered = afterInstall('notes', {
      code: 1,
      data: { needRebuild: false, needRestart: true, restarting: true },
    }).screen;
    const next = afterDependenciesReady(failed, answered);
    expect(next).toMatchObject({
      type: 'done',
      state: ModuleState.installed,
      dependency: 'success',
      needRebuild: true,
      needRestart: true,
      restarting: true,
    });
    expect(mustWaitForRestart(next)).toBe(true);
  });

  it('"Disable and update" (-3) goes on to the upload of the new version', () => {
    expect(afterDisable('notes', { code: -3, data: { uid: 'notes', state: 6 } })).toEqual({
      screen: { type: 'upload' },
      effect: { type: 'none' },
    });
  });

  it('a refusal (0) closes the pipeline: the request layer has said why', () => {
    expect(afterInstall('notes', { code: 0, data: {} }).screen).toEqual({ type: 'closed' });
  });
});

describe('disable answers', () => {
  const disableConflict = {
    uid: 'notes',
    conflictFile: ['apps/web/a.ts'],
    dependConflict: [
      {
        env: 'webDependencies' as const,
        depend: 'dayjs',
        dependTitle: 'dayjs ^2',
        solution: 'delete' as const,
      },
      {
        env: 'serverDependencies' as const,
        depend: 'zod',
        dependTitle: 'zod ^4',
        solution: 'delete' as const,
      },
    ],
  };

  it('-1 shows the disable-conflict screen; the kept packages are left out of the removals', () => {
    expect(afterDisable('notes', { code: -1, data: disableConflict }).screen.type).toBe('disableConflict');
    expect(removalsOf(disableConflict, new Set(['serverDependencies:zod']))).toEqual({
      webDependencies: ['dayjs'],
    });
  });

  it('-2 queues web-install without the module hook and shows the disabled done screen', () => {
    const step = afterDisable('notes', { code: -2, data: { wait_install: ['web'] } });
    expect(step.effect).toEqual({ type: 'install-packages', extend: '' });
    expect(step.screen).toMatchObject({ type: 'done', mode: 'disable', state: ModuleState.disable });
    expect(afterPackages(step.screen, true)).toMatchObject({
      dependency: 'success',
      state: ModuleState.disable,
    });
  });

  it('1 shows the disabled done screen', () => {
    const step = afterDisable('notes', { code: 1, data: { needRebuild: true } });
    expect(step.screen).toMatchObject({
      type: 'done',
      mode: 'disable',
      dependency: 'none',
      needRebuild: true,
    });
  });
});

describe('restart and End of installation', () => {
  it('an answer saying restarting asks the page to wait for the server, and the restart line is not shown', () => {
    const step = afterInstall('notes', { code: 1, data: { needRestart: true, restarting: true } });
    expect(step.screen).toMatchObject({ type: 'done', needRestart: true, restarting: true });
    expect(mustWaitForRestart(step.screen)).toBe(true);
    expect(restartByHand(step.screen)).toBe(false);
    const byHand = afterInstall('notes', { code: 1, data: { needRestart: true, restarting: false } }).screen;
    expect(mustWaitForRestart(byHand)).toBe(false);
    expect(restartByHand(byHand)).toBe(true);
  });

  it('End of installation builds when asked, else reloads an install (new menus) and only closes a disable', () => {
    const installed = afterInstall('notes', { code: 1, data: {} }).screen;
    const disabled = afterDisable('notes', { code: 1, data: {} }).screen;
    expect(finishAction(installed, true)).toBe('build');
    expect(finishAction(installed, false)).toBe('reload');
    expect(finishAction(disabled, true)).toBe('build');
    expect(finishAction(disabled, false)).toBe('close');
  });
});

describe('enable and disable have wording of their own, not the install wording', () => {
  const text = (pack: Record<string, string>, key: string) => pack[key.replace(/^module\./, '')];
  const wording = (pack: Record<string, string>, ...keys: string[]) => keys.map((key) => text(pack, key));

  it('an enable says enable from its loading screen to its button, in both languages', () => {
    const enabled = afterInstall('notes', { code: 1, data: {} }, 'enable').screen;
    if (enabled.type !== 'done') throw new Error('not done');
    const keys = [
      loadingText('enable'),
      dialogTitle({ type: 'loading', uid: 'notes', phase: 'enable' }),
      dialogTitle(enabled),
      doneTitle(enabled),
      finishLabel(enabled),
    ];
    expect(wording(enModule, ...keys)).toEqual([
      'Enabling module...',
      'Enable module',
      'Enable module',
      'The module is enabled',
      'Completed',
    ]);
    expect(wording(zhModule, ...keys)).toEqual([
      '模块启用中...',
      '启用模块',
      '启用模块',
      '模块已启用',
      '完成',
    ]);
    // Its menus come back: the page reloads as after an install.
    expect(finishAction(enabled, false)).toBe('reload');
  });

  it('a disable says disable, in both languages', () => {
    const disabled = afterDisable('notes', { code: 1, data: {} }).screen;
    if (disabled.type !== 'done') throw new Error('not done');
    const keys = [dialogTitle(disabled), doneTitle(disabled), finishLabel(disabled)];
    expect(wording(enModule, ...keys)).toEqual(['Disable module', 'Module is disabled', 'Completed']);
    expect(wording(zhModule, ...keys)).toEqual(['禁用模块', '模块已禁用', '完成']);
  });

  it('an install keeps the install wording', () => {
    const installed = afterInstall('notes', { code: 1, data: {} }).screen;
    if (installed.type !== 'done') throw new Error('not done');
    expect(wording(enModule, dialogTitle(installed), doneTitle(installed), finishLabel(installed))).toEqual([
      'Install now',
      'Congratulations, module installation is complete',
      'End of installation',
    ]);
  });
});
